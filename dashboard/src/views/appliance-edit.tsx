// Add an appliance (a form per type), and edit one: config, active flag, delete, constraints,
// and per-HVAC hints and preferences.
import type { Appliance, ApplianceType } from '@offpeak/cloud/contract';
import { useState } from 'preact/hooks';
import {
  ApiError,
  createAppliance,
  deleteAppliance,
  getApplianceInsights,
  getAppliancePreferences,
  listAppliances,
  listHubEntities,
  putAppliancePreferences,
  updateAppliance,
} from '../api.js';
import { checkFields, CONFIG_FIELDS, CONSTRAINT_FIELDS, toFormValues, toPayload, TYPE_LABEL, type FormField } from '../appliance-forms.js';
import { useAccount } from '../account.js';
import { ConfirmButton } from '../components/confirm-button.js';
import { DescribedFields } from '../components/described-fields.js';
import { HintList } from '../components/hint-list.js';
import { FormStatus, InputField, SelectField } from '../components/field.js';
import { PreferencesForm } from '../components/preferences-form.js';
import { upgradeReason, UPGRADE_REQUIRED } from '../components/premium-note.js';
import { Failed, Loading } from '../components/states.js';
import { errorSubject, formErrors, labelsOf, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { navigate, onLinkClick } from '../router.js';
import { useLoad, usePage } from '../use-load.js';
import { ConstraintsForm } from './constraints-form.js';

const NAME_LABEL = 'Name (required)';

/** A claimed satellite HVAC has no entity_id, and a PUT of its config needs none. */
const configFields = (type: ApplianceType, stored?: Record<string, unknown>): FormField[] =>
  CONFIG_FIELDS[type].map((f) => (type === 'hvac' && f.key === 'entity_id' && stored && !stored.entity_id ? { ...f, required: false, nullable: false } : f));

function ConfigForm({
  type,
  initialName,
  initialConfig,
  submitLabel,
  onSubmit,
}: {
  type: ApplianceType;
  initialName: string;
  initialConfig: Record<string, unknown>;
  submitLabel: string;
  onSubmit: (name: string, config: Record<string, unknown>) => Promise<string | void>;
}) {
  const fields = configFields(type, submitLabel === 'Add appliance' ? undefined : initialConfig);
  const [name, setName] = useState(initialName);
  const [values, setValues] = useState(() => toFormValues(fields, initialConfig));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hubEntities = useLoad(listHubEntities);
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(null);
    const local = checkFields(fields, values);
    if (!name.trim()) local.name = `${errorSubject(NAME_LABEL)} is required`;
    if (Object.keys(local).length) {
      setErrors({ fields: local, form: 'Please correct the fields marked above.' });
      return;
    }
    setBusy(true);
    try {
      const payload = toPayload(fields, values);
      for (const f of fields) if (payload[f.key] === null && f.key === 'entity_id') delete payload[f.key];
      setSaved((await onSubmit(name.trim(), payload)) ?? null);
      setErrors(NO_ERRORS);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403 && err.detail === UPGRADE_REQUIRED) setErrors({ fields: {}, form: upgradeReason('hvac') });
      else setErrors(formErrors(err, { name: NAME_LABEL, ...labelsOf(fields) }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <InputField id="appliance-name" label={NAME_LABEL} value={name} onValue={setName} required maxLength={200} error={errors.fields.name} />
      <DescribedFields
        prefix="config"
        fields={fields}
        values={values}
        errors={errors.fields}
        onChange={(k, v) => setValues({ ...values, [k]: v })}
        hubEntities={hubEntities.data}
      />
      <FormStatus id="appliance" error={errors.form} saved={saved} />
      <button type="submit" disabled={busy}>
        {busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

export function ApplianceNew() {
  usePage('Add an appliance');
  const [type, setType] = useState<ApplianceType>('hvac');
  return (
    <section class="narrow">
      <p>
        <a href="/appliances" onClick={onLinkClick}>
          ← Appliances
        </a>
      </p>
      <h1 tabIndex={-1}>Add an appliance</h1>
      <SelectField
        id="appliance-type"
        label="Appliance type"
        value={type}
        onValue={(v) => setType(v as ApplianceType)}
        options={(Object.keys(TYPE_LABEL) as ApplianceType[]).map((t) => ({ value: t, label: TYPE_LABEL[t] }))}
      />
      <ConfigForm
        key={type}
        type={type}
        initialName=""
        initialConfig={{}}
        submitLabel="Add appliance"
        onSubmit={async (name, config) => {
          const { appliance_id } = await createAppliance({ appliance_type: type, name, config });
          navigate(`/appliances/${appliance_id}`);
        }}
      />
    </section>
  );
}

export function ApplianceEdit({ id }: { id: string }) {
  const list = useLoad(listAppliances, [id]);
  const appliance = list.data?.find((a) => a.id === id);
  usePage(appliance ? appliance.name : 'Appliance');
  if (list.loading && !list.data) return <Loading what="the appliance" />;
  if (list.error !== undefined) return <Failed error={list.error} />;
  if (!appliance) {
    return (
      <section>
        <h1 tabIndex={-1}>Appliance not found</h1>
        <a href="/appliances" onClick={onLinkClick}>
          Back to appliances
        </a>
      </section>
    );
  }
  return <ApplianceDetail appliance={appliance} onChange={(a) => list.set(list.data!.map((x) => (x.id === a.id ? a : x)))} />;
}

function ApplianceDetail({ appliance, onChange }: { appliance: Appliance; onChange: (a: Appliance) => void }) {
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const type = appliance.appliance_type;
  const constraintFields = CONSTRAINT_FIELDS[type];
  const toggle = async () => {
    try {
      onChange(await updateAppliance(appliance.id, { is_active: !appliance.is_active }));
      setStatus(appliance.is_active ? 'Deactivated: it is no longer planned.' : 'Activated: it is planned again.');
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const remove = async () => {
    try {
      await deleteAppliance(appliance.id);
      navigate('/appliances');
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <section>
      <p>
        <a href="/appliances" onClick={onLinkClick}>
          ← Appliances
        </a>
      </p>
      <h1 tabIndex={-1}>{appliance.name}</h1>
      <p>
        {TYPE_LABEL[type]} ·{' '}
        <span class={`badge ${appliance.is_active ? 'badge-healthy' : 'badge-no_data'}`} data-testid="active-state">
          {appliance.is_active ? 'Active' : 'Inactive'}
        </span>
      </p>
      {type === 'hvac' && <UnitHints applianceId={appliance.id} />}
      <div class="columns">
        <section aria-labelledby="settings-h" class="panel">
          <h2 id="settings-h">Settings</h2>
          <ConfigForm
            type={type}
            initialName={appliance.name}
            initialConfig={appliance.config}
            submitLabel="Save settings"
            onSubmit={async (name, config) => {
              onChange(await updateAppliance(appliance.id, { name, config }));
              return 'Saved.';
            }}
          />
        </section>
        {constraintFields && (
          <section aria-labelledby="constraints-h" class="panel">
            <h2 id="constraints-h">Constraints</h2>
            <ConstraintsForm applianceId={appliance.id} fields={constraintFields} />
          </section>
        )}
      </div>
      {type === 'hvac' && <UnitPreferences applianceId={appliance.id} />}
      <section aria-labelledby="manage-h" class="panel">
        <h2 id="manage-h">Manage</h2>
        <div class="actions">
          <button type="button" class="secondary" onClick={toggle}>
            {appliance.is_active ? 'Deactivate' : 'Activate'}
          </button>
          <ConfirmButton
            label="Delete…"
            groupLabel="Confirm delete"
            question={`Delete ${appliance.name} with its readings and plans? This cannot be undone.`}
            confirmLabel="Yes, delete"
            onConfirm={remove}
          />
        </div>
        <FormStatus id="manage" error={error} saved={status} />
      </section>
    </section>
  );
}

function UnitPreferences({ applianceId }: { applianceId: string }) {
  const prefs = useLoad(() => getAppliancePreferences(applianceId), [applianceId]);
  return (
    <section aria-labelledby="unit-prefs-h" class="panel">
      <h2 id="unit-prefs-h">Comfort for this unit</h2>
      {prefs.loading && !prefs.data && <Loading what="this unit's preferences" />}
      {prefs.error !== undefined && <Failed error={prefs.error} />}
      {prefs.data && <PreferencesForm prefix="unit" scope="unit" initial={prefs.data} save={(body) => putAppliancePreferences(applianceId, body)} />}
    </section>
  );
}

/** What the unit's last 30 days of readings say (GET .../insights). */
function UnitHints({ applianceId }: { applianceId: string }) {
  const { profile } = useAccount();
  const insights = useLoad(() => getApplianceInsights(applianceId), [applianceId]);
  return (
    <section aria-labelledby="hints-h" class="panel" data-testid="hints-panel">
      <h2 id="hints-h">Hints</h2>
      {insights.loading && !insights.data && <Loading what="hints" />}
      {insights.error !== undefined && <Failed error={insights.error} />}
      {insights.data && <HintList hints={insights.data.hints} zone={profile.timezone} />}
    </section>
  );
}
