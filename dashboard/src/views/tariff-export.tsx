// The export half of the tariff page: what a kWh sent to the grid earns (PUT /api/v1/rates
// `export_pricing`, `export_hourly_rates_cents_per_kwh`; docs/tariffs-and-weather.md "Export rates")
// and the day's export curve the cloud derives from it.
import type { ExportPricing, RateCurve, RatesUpdateRequest } from '@offpeak/cloud/contract';
import { useState } from 'preact/hooks';
import { putRates } from '../api.js';
import { FormStatus, RadioChoices, type Choice } from '../components/field.js';
import { HourlyRatesEditor } from '../components/hourly-rates-editor.js';
import { ExportPriceChart } from '../components/price-chart.js';
import { formErrors, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { hourlyNumbers } from '../hourly-rates.js';

const LABELS = {
  export_pricing: 'What your exports earn',
  export_hourly_rates_cents_per_kwh: 'Export price for each hour (¢/kWh, -100 to 500; below zero when exporting costs)',
};
const ALIASES = { 'export rate at hour': 'export_hourly_rates_cents_per_kwh' };

const CHOICES: Choice<ExportPricing>[] = [
  { value: 'none', label: 'Nothing (no export credit)', hint: 'Offpeak never sends stored energy to the grid.' },
  { value: 'net_metering', label: 'Net metering: the price I pay at the same time', hint: 'Each exported kWh earns the import price of that half hour.' },
  { value: 'custom', label: 'My own hourly export rates', hint: 'Net billing (such as NEM 3.0): a few cents most hours, more on summer evenings.' },
];

/** The export curve of the day, or what exports earn when there is none. */
export function ExportCurve({ curve }: { curve: RateCurve }) {
  const rates = curve.export_rates_cents_per_kwh;
  const what =
    curve.export_source === 'net_metering'
      ? 'Exports earn the import price of the same half hour (net metering).'
      : curve.export_source === 'custom'
        ? 'Exports earn your own hourly export rates.'
        : curve.export_pricing === 'custom'
          ? 'Exports earn nothing until you save your hourly export rates.'
          : 'Exports earn nothing.';
  return (
    <div>
      <p data-testid="export-source">{what}</p>
      {rates && <ExportPriceChart id="export-chart" rates={rates} title="Export price over the day (¢/kWh)" />}
    </div>
  );
}

/** The stored hourly export rates, else the hours of today's export curve, else zeros. */
function initialHourly(curve: RateCurve): string[] {
  const stored = curve.export_hourly_rates_cents_per_kwh;
  const fromCurve = curve.export_rates_cents_per_kwh;
  return Array.from({ length: 24 }, (_, h) => String(stored?.[h] ?? fromCurve?.[h * 2] ?? 0));
}

export function ExportForm({ curve, onSaved }: { curve: RateCurve; onSaved: (c: RateCurve) => void }) {
  const [mode, setMode] = useState<ExportPricing>(curve.export_pricing);
  const [hourly, setHourly] = useState(() => initialHourly(curve));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(null);
    const body: RatesUpdateRequest =
      mode === 'custom' ? { export_pricing: 'custom', export_hourly_rates_cents_per_kwh: hourlyNumbers(hourly) } : { export_pricing: mode };
    try {
      onSaved(await putRates(body));
      setErrors(NO_ERRORS);
      setSaved('Export rates saved. Your plan is being recomputed.');
    } catch (err) {
      setErrors(formErrors(err, LABELS, ALIASES));
    }
  };
  const modeError = errors.fields.export_pricing;
  return (
    <form onSubmit={submit} noValidate>
      <fieldset aria-describedby={modeError ? 'export_pricing-error' : undefined}>
        <legend>{LABELS.export_pricing}</legend>
        {modeError && (
          <p class="error" role="alert" id="export_pricing-error" data-testid="export_pricing-error">
            {modeError}
          </p>
        )}
        <RadioChoices name="export_pricing" idPrefix="export" choices={CHOICES} value={mode} onValue={setMode} />
      </fieldset>
      {mode === 'custom' && (
        <HourlyRatesEditor
          id="export_hourly_rates_cents_per_kwh"
          legend={LABELS.export_hourly_rates_cents_per_kwh}
          inputLabel="Export price"
          values={hourly}
          onValues={setHourly}
          min={-100}
          max={500}
          error={errors.fields.export_hourly_rates_cents_per_kwh}
        />
      )}
      <FormStatus id="export" error={errors.form} saved={saved} />
      <button type="submit">Save export rates</button>
    </form>
  );
}
