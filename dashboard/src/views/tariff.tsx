// The tariff: a plan from the catalog, a dynamic zone with its adder, or custom hourly rates, and
// what exports earn (tariff-export.tsx); the resulting price curve and export curve drawn side by side.
import type { RateCurve, RatesUpdateRequest } from '@offpeak/cloud/contract';
import { useState } from 'preact/hooks';
import { getRates, putRates } from '../api.js';
import { FormStatus, InputField, RadioChoices, SelectField, type Choice } from '../components/field.js';
import { HourlyRatesEditor } from '../components/hourly-rates-editor.js';
import { PriceChart } from '../components/price-chart.js';
import { Failed, Loading } from '../components/states.js';
import { formErrors, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { hourlyNumbers } from '../hourly-rates.js';
import { useLoad, usePage } from '../use-load.js';
import { ExportCurve, ExportForm } from './tariff-export.js';

const LABELS = {
  pricing_location: 'Utility plan',
  dynamic_zone: 'Grid region',
  pricing_adder_cents_per_kwh: 'Adder (¢/kWh)',
  hourly_rates_cents_per_kwh: 'Price for each hour (¢/kWh, 0 to 200)',
};

type Source = 'zone' | 'dynamic' | 'custom';

export function Tariff() {
  usePage('Tariff');
  const rates = useLoad(getRates);
  return (
    <section>
      <h1 tabIndex={-1}>Tariff</h1>
      <p class="lead">What you pay for electricity through the day. Offpeak moves your appliances to the cheap hours of this curve.</p>
      {rates.loading && !rates.data && <Loading what="your tariff" />}
      {rates.error !== undefined && <Failed error={rates.error} />}
      {rates.data && (
        <>
          <CurrentCurve curve={rates.data} />
          <section class="panel" aria-labelledby="import-h">
            <h2 id="import-h">What you pay (import)</h2>
            <ImportForm curve={rates.data} onSaved={rates.set} />
          </section>
          <section class="panel" aria-labelledby="export-h">
            <h2 id="export-h">What you earn (export)</h2>
            <p>
              What the energy your solar panels or battery send to the grid earns. Offpeak uses it to decide when your battery should send energy to the grid.
            </p>
            <ExportForm curve={rates.data} onSaved={rates.set} />
          </section>
        </>
      )}
    </section>
  );
}

function CurrentCurve({ curve }: { curve: RateCurve }) {
  const plan = curve.available_pricing_zones.find((z) => z.id === curve.pricing_location);
  const zone = curve.available_dynamic_zones.find((z) => z.slug === curve.dynamic_zone);
  const what =
    curve.source === 'custom'
      ? 'your custom hourly rates'
      : curve.source === 'dynamic'
        ? `live day-ahead prices for ${zone?.label ?? curve.dynamic_zone} plus ${curve.pricing_adder_cents_per_kwh ?? 'the default'} ¢/kWh`
        : `${plan?.label ?? 'the catalog plan'} (${curve.season})`;
  return (
    <section class="panel" aria-labelledby="curve-h">
      <h2 id="curve-h">Today's prices</h2>
      <div class="columns">
        <div>
          <p data-testid="tariff-source">
            Using {what}.
            {curve.pricing_source === 'dynamic' &&
              curve.source !== 'dynamic' &&
              ' Live prices are not available right now, so your catalog plan is used until they are.'}
          </p>
          <PriceChart id="tariff-chart" rates={curve.rates_cents_per_kwh} title="Price over the day (¢/kWh)" />
        </div>
        <ExportCurve curve={curve} />
      </div>
    </section>
  );
}

function ImportForm({ curve, onSaved }: { curve: RateCurve; onSaved: (c: RateCurve) => void }) {
  const [source, setSource] = useState<Source>(curve.pricing_source);
  const [plan, setPlan] = useState(String(curve.pricing_location));
  const [zone, setZone] = useState(curve.dynamic_zone ?? curve.available_dynamic_zones[0]?.slug ?? '');
  const [adder, setAdder] = useState(curve.pricing_adder_cents_per_kwh == null ? '' : String(curve.pricing_adder_cents_per_kwh));
  const [hourly, setHourly] = useState<string[]>(() =>
    (curve.hourly_rates_cents_per_kwh ?? Array.from({ length: 24 }, (_, h) => curve.rates_cents_per_kwh[h * 2] ?? 0)).map(String),
  );
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState<string | null>(null);
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(null);
    const body: RatesUpdateRequest =
      source === 'zone'
        ? { pricing_source: 'zone', pricing_location: Number(plan) }
        : source === 'dynamic'
          ? { pricing_source: 'dynamic', dynamic_zone: zone, pricing_adder_cents_per_kwh: adder.trim() === '' ? null : Number(adder) }
          : { pricing_source: 'custom', hourly_rates_cents_per_kwh: hourlyNumbers(hourly) };
    try {
      onSaved(await putRates(body));
      setErrors(NO_ERRORS);
      setSaved('Tariff saved. Your plan is being recomputed.');
    } catch (err) {
      setErrors(
        formErrors(err, LABELS, {
          'rate at hour': 'hourly_rates_cents_per_kwh',
          "pricing_source='dynamic'": 'dynamic_zone',
        }),
      );
    }
  };
  const choices: Choice<Source>[] = [
    { value: 'zone', label: "A plan from my utility's catalog" },
    { value: 'dynamic', label: 'Live wholesale prices (dynamic)' },
    { value: 'custom', label: 'My own hourly rates' },
  ];
  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend>Price source</legend>
        <RadioChoices name="pricing_source" idPrefix="source" choices={choices} value={source} onValue={setSource} />
      </fieldset>
      {source === 'zone' && (
        <SelectField
          id="pricing_location"
          label={LABELS.pricing_location}
          value={plan}
          onValue={setPlan}
          options={curve.available_pricing_zones.map((z) => ({ value: String(z.id), label: z.label }))}
          hint={curve.available_pricing_zones.find((z) => String(z.id) === plan)?.notes}
          error={errors.fields.pricing_location}
        />
      )}
      {source === 'dynamic' && (
        <>
          <SelectField
            id="dynamic_zone"
            label={LABELS.dynamic_zone}
            value={zone}
            onValue={setZone}
            options={curve.available_dynamic_zones.map((z) => ({ value: z.slug, label: z.label }))}
            error={errors.fields.dynamic_zone}
          />
          <InputField
            id="pricing_adder_cents_per_kwh"
            label={LABELS.pricing_adder_cents_per_kwh}
            type="number"
            min={0}
            max={50}
            step={0.1}
            value={adder}
            onValue={setAdder}
            hint="Your utility's delivery charges on top of the wholesale price, 0 to 50. Empty: the service default."
            error={errors.fields.pricing_adder_cents_per_kwh}
          />
        </>
      )}
      {source === 'custom' && (
        <HourlyRatesEditor
          id="hourly_rates_cents_per_kwh"
          legend={LABELS.hourly_rates_cents_per_kwh}
          inputLabel="Price"
          values={hourly}
          onValues={setHourly}
          min={0}
          max={200}
          error={errors.fields.hourly_rates_cents_per_kwh}
        />
      )}
      <FormStatus id="tariff" error={errors.form} saved={saved} />
      <button type="submit">Save tariff</button>
    </form>
  );
}
