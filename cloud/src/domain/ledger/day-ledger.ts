// The home's ledger of one local day: the appliances' figures summed, the household's own load,
// the forecast errors of the day, and a reason beside any negative saving. docs/ledger.md.
import { dollarsFromCents } from '../planning/costs.js';
import type { ApplianceLedger } from './appliance-day.js';
import type { DayLedger, ForecastError, ForecastErrors, SolarLine } from './ledger-bodies.js';
import type { SolarFigures } from './solar-ledger.js';

export type { DayLedger, ForecastError, ForecastErrors, LedgerLine, SolarLine } from './ledger-bodies.js';

/** A forecast's error against measurements (null slots of either skipped); null when no slot has both. */
export function forecastError(forecast: readonly (number | null)[] | null, measured: readonly (number | null)[]): ForecastError | null {
  if (!forecast) return null;
  const pairs = measured.flatMap((m, i) => (m !== null && typeof forecast[i] === 'number' && Number.isFinite(forecast[i]) ? [forecast[i]! - m] : []));
  if (pairs.length === 0) return null;
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return {
    mae: round(pairs.reduce((s, d) => s + Math.abs(d), 0) / pairs.length),
    bias: round(pairs.reduce((s, d) => s + d, 0) / pairs.length),
    slots: pairs.length,
  };
}

const dollars = dollarsFromCents;
const kwh = (v: number) => Math.round(v * 1000) / 1000;

function solarLine(f: SolarFigures): SolarLine {
  return {
    generation_kwh: kwh(f.generationKwh),
    self_consumed_kwh: kwh(f.selfConsumedKwh),
    exported_kwh: kwh(f.exportedKwh),
    self_consumed_value: dollars(f.selfConsumedCents),
    export_value: dollars(f.exportCents),
  };
}

/** Less than half a cent either way is no saving at all. */
const NOTHING_CENTS = 0.5;

/** Why an appliance's plan cost more than its baseline. */
function lineNote(l: ApplianceLedger, errors: ForecastErrors): string | null {
  if (l.baselineCents === null || l.baselineCents - l.actualCents >= -NOTHING_CENTS) return l.note;
  const hindsight = l.hindsightCents;
  const why =
    hindsight !== null && hindsight > l.baselineCents + NOTHING_CENTS
      ? 'even perfect hindsight costs more than the baseline: its limits (target, minimum, comfort band) ask for more than the baseline delivers'
      : hindsight !== null && l.actualCents > hindsight + NOTHING_CENTS
        ? `the day differed from its forecast (hindsight costs ${dollars(hindsight).toFixed(2)} $)${errorText(errors)}`
        : `its ${l.basis} cost differs from the plan's model of the day${errorText(errors)}`;
  return [`Cost more than the baseline: ${why}.`, l.note].filter(Boolean).join(' ');
}

function errorText(errors: ForecastErrors): string {
  const parts = [
    errors.household_load_kw && `household load off by ${errors.household_load_kw.mae} kW on average`,
    errors.solar_kw && `solar off by ${errors.solar_kw.mae} kW`,
    errors.hvac_temperature_f && `indoor temperature off by ${errors.hvac_temperature_f.mae} F`,
  ].filter(Boolean);
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}

/** The day's ledger from each accounted appliance's figures (cents), the household's cost (cents, or null) and the forecast errors. */
export function dayLedger(
  date: string,
  lines: readonly { appliance_id: string; appliance_type: string; name: string; ledger: ApplianceLedger }[],
  householdCents: number | null,
  errors: ForecastErrors,
): DayLedger {
  const sum = (pick: (l: ApplianceLedger) => number) => lines.reduce((s, { ledger }) => s + pick(ledger), householdCents ?? 0);
  const actual = sum((l) => l.actualCents);
  const baseline = sum((l) => l.baselineCents ?? l.actualCents);
  const hindsight = sum((l) => l.hindsightCents ?? l.actualCents);
  const negative = lines.filter(({ ledger: l }) => l.baselineCents !== null && l.baselineCents - l.actualCents < -NOTHING_CENTS);
  const note =
    baseline - actual < -NOTHING_CENTS
      ? `Cost more than without Offpeak: ${negative.map((n) => `${n.name}: ${lineNote(n.ledger, errors)}`).join(' ') || `the day differed from its forecast${errorText(errors)}.`}`
      : null;
  return {
    date,
    actual_cost: dollars(actual),
    baseline_cost: dollars(baseline),
    hindsight_cost: dollars(hindsight),
    saving: dollars(baseline - actual),
    missed_saving: dollars(actual - hindsight),
    note,
    household_cost: householdCents === null ? null : dollars(householdCents),
    appliances: lines.map(({ appliance_id, appliance_type, name, ledger: l }) => ({
      appliance_id,
      appliance_type,
      name,
      actual_cost: dollars(l.actualCents),
      baseline_cost: l.baselineCents === null ? null : dollars(l.baselineCents),
      hindsight_cost: l.hindsightCents === null ? null : dollars(l.hindsightCents),
      basis: l.basis,
      baseline: l.baseline,
      note: lineNote(l, errors),
      solar: l.solar ? solarLine(l.solar) : null,
    })),
    forecast_errors: errors,
  };
}
