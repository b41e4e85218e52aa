// Comfort preferences: the account's, or one HVAC unit's (same shape, no newsletter flag).
import type { Preferences } from '@offpeak/cloud/contract';
import { useState } from 'preact/hooks';
import { formErrors, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { BandEditor, flatBand, type Band } from './band-editor.js';
import { CheckboxField, FormStatus, InputField, SelectField } from './field.js';

const LEVELS = [
  { value: '1', label: 'Tight (±2 °F)' },
  { value: '2', label: 'Moderate (±6 °F)' },
  { value: '3', label: 'Aggressive (±12 °F)' },
];
const MODES = [
  { value: 'cool', label: 'Cool' },
  { value: 'heat', label: 'Heat' },
  { value: 'auto', label: 'Auto' },
  { value: 'off', label: 'Off (no HVAC plan)' },
];
const LABELS = {
  base_temperature: 'Base temperature (°F)',
  savings_level: 'Savings level',
  time_away: 'Usually leave at',
  time_home: 'Usually back at',
  optimization_mode: 'Optimization mode',
  band: 'Set my own band for each hour',
};
const ALIASES = { hourly: 'band' };

export interface PreferencesFormProps<P extends Preferences> {
  prefix: string;
  initial: P;
  /** Per-unit forms show "Optimize this unit"; the account form shows the newsletter flag. */
  scope: 'account' | 'unit';
  save: (body: Partial<P>) => Promise<P>;
}

export function PreferencesForm<P extends Preferences & { newsletter_opt_in?: boolean }>({ prefix, initial, scope, save }: PreferencesFormProps<P>) {
  const [base, setBase] = useState(String(initial.base_temperature));
  const [level, setLevel] = useState(String(initial.savings_level));
  const [away, setAway] = useState(initial.time_away);
  const [home, setHome] = useState(initial.time_home);
  const [mode, setMode] = useState<string>(initial.optimization_mode);
  const [useBand, setUseBand] = useState(initial.hourly_high_temps_f !== null);
  const [band, setBand] = useState<Band>(
    initial.hourly_high_temps_f && initial.hourly_low_temps_f
      ? { high: initial.hourly_high_temps_f.map(String), low: initial.hourly_low_temps_f.map(String) }
      : flatBand(initial.base_temperature, 2),
  );
  const [fan, setFan] = useState(initial.optimize_hvac_fan);
  const [hvacMode, setHvacMode] = useState(initial.optimize_hvac_mode);
  const [enabled, setEnabled] = useState(initial.optimization_enabled);
  const [newsletter, setNewsletter] = useState(initial.newsletter_opt_in ?? true);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setSaved(null);
    const body = {
      base_temperature: Number(base),
      savings_level: Number(level),
      time_away: away,
      time_home: home,
      optimization_mode: mode,
      hourly_high_temps_f: useBand ? band.high.map(Number) : null,
      hourly_low_temps_f: useBand ? band.low.map(Number) : null,
      optimize_hvac_fan: fan,
      optimize_hvac_mode: hvacMode,
      ...(scope === 'unit' ? { optimization_enabled: enabled } : { newsletter_opt_in: newsletter }),
    } as unknown as Partial<P>;
    try {
      await save(body);
      setErrors(NO_ERRORS);
      setSaved('Saved. Your plan is being recomputed.');
    } catch (err) {
      setErrors(formErrors(err, LABELS, ALIASES));
    } finally {
      setBusy(false);
    }
  };
  const f = errors.fields;
  return (
    <form onSubmit={submit} noValidate class="prefs">
      <div class="grid">
        <InputField
          id={`${prefix}-base_temperature`}
          label={LABELS.base_temperature}
          type="number"
          step={0.5}
          min={60}
          max={85}
          value={base}
          onValue={setBase}
          hint="60 to 85 °F."
          error={f.base_temperature}
        />
        <SelectField
          id={`${prefix}-savings_level`}
          label={LABELS.savings_level}
          value={level}
          onValue={setLevel}
          options={LEVELS}
          hint="How far from the base while you are away."
          error={f.savings_level}
        />
        <InputField id={`${prefix}-time_away`} label={LABELS.time_away} type="time" value={away} onValue={setAway} error={f.time_away} />
        <InputField id={`${prefix}-time_home`} label={LABELS.time_home} type="time" value={home} onValue={setHome} error={f.time_home} />
        <SelectField
          id={`${prefix}-optimization_mode`}
          label={LABELS.optimization_mode}
          value={mode}
          onValue={setMode}
          options={MODES}
          error={f.optimization_mode}
        />
      </div>
      <CheckboxField
        id={`${prefix}-use-band`}
        label={LABELS.band}
        checked={useBand}
        onChecked={(v) => {
          setUseBand(v);
          if (v && !initial.hourly_high_temps_f) setBand(flatBand(Number(base) || 72, 2));
        }}
        hint="When set, the hourly band replaces the away times and savings level."
      />
      {useBand && <BandEditor prefix={prefix} band={band} onChange={setBand} error={f.band} />}
      <CheckboxField id={`${prefix}-fan`} label="Also plan the fan speed" checked={fan} onChecked={setFan} />
      <CheckboxField id={`${prefix}-hvac-mode`} label="Also plan the HVAC mode" checked={hvacMode} onChecked={setHvacMode} />
      {scope === 'unit' ? (
        <CheckboxField
          id={`${prefix}-enabled`}
          label="Optimize this unit"
          checked={enabled}
          onChecked={setEnabled}
          hint="Off: the unit keeps its plan but nothing is applied."
        />
      ) : (
        <CheckboxField id={`${prefix}-newsletter`} label="Send me the Offpeak newsletter" checked={newsletter} onChecked={setNewsletter} />
      )}
      <FormStatus id={`${prefix}-prefs`} error={errors.form} saved={saved} />
      <button type="submit" disabled={busy}>
        {busy ? 'Saving…' : 'Save preferences'}
      </button>
    </form>
  );
}
