// Constraints of an EV, battery, water heater or robot. A save replaces the whole set.
import { useState } from 'preact/hooks';
import { getConstraints, saveConstraints } from '../api.js';
import { checkFields, toFormValues, toPayload, type FormField } from '../appliance-forms.js';
import { DescribedFields } from '../components/described-fields.js';
import { FormStatus } from '../components/field.js';
import { Failed, Loading } from '../components/states.js';
import { formErrors, labelsOf, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { useLoad } from '../use-load.js';

export function ConstraintsForm({ applianceId, fields }: { applianceId: string; fields: FormField[] }) {
  const stored = useLoad(() => getConstraints(applianceId), [applianceId]);
  if (stored.loading && !stored.data) return <Loading what="constraints" />;
  if (stored.error !== undefined) return <Failed error={stored.error} />;
  return <Form applianceId={applianceId} fields={fields} initial={stored.data!.constraints} />;
}

function Form({ applianceId, fields, initial }: { applianceId: string; fields: FormField[]; initial: Record<string, unknown> }) {
  const [values, setValues] = useState(() => toFormValues(fields, initial));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(null);
    const local = checkFields(fields, values);
    if (Object.keys(local).length) {
      setErrors({ fields: local, form: null });
      return;
    }
    try {
      const res = await saveConstraints(applianceId, toPayload(fields, values));
      setValues(toFormValues(fields, res.constraints));
      setErrors(NO_ERRORS);
      setSaved('Constraints saved. Your plan is being recomputed.');
    } catch (err) {
      setErrors(formErrors(err, labelsOf(fields)));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <DescribedFields prefix="constraint" fields={fields} values={values} errors={errors.fields} onChange={(k, v) => setValues({ ...values, [k]: v })} />
      <FormStatus id="constraints" error={errors.form} saved={saved} />
      <button type="submit">Save constraints</button>
    </form>
  );
}
