// One appliance's day plan drawn by type: HVAC setpoints as steps over the comfort band with
// the predicted indoor temperature and the price; on/off slots with the predicted charge; solar.
import type { ApplianceType } from '@offpeak/cloud/contract';
import { TYPE_LABEL } from '../appliance-forms.js';
import { onSlotsPriceSummary, slotRuns } from '../chart-text.js';
import { cents, fmt, slotLabel } from '../format.js';
import { slotReasons } from '../reason-text.js';
import { Chart } from './chart.js';

const SLOTS = Array.from({ length: 48 }, (_, i) => slotLabel(i));
const PRICE = '#6a3d9a';

const nums = (v: unknown): (number | null)[] | null =>
  Array.isArray(v) && v.length === 48 ? v.map((x) => (typeof x === 'number' && Number.isFinite(x) ? x : null)) : null;
const bools = (v: unknown): boolean[] | null => (Array.isArray(v) && v.length === 48 ? v.map((x) => x === true) : null);
const range = (values: (number | null)[]) => {
  const ok = values.filter((v): v is number => v !== null);
  return ok.length ? { min: Math.min(...ok), max: Math.max(...ok) } : null;
};

export interface ScheduleChartProps {
  id: string;
  name: string;
  type: ApplianceType;
  schedule: Record<string, unknown>;
  /** The day's 48 prices (¢/kWh), drawn with the plan; left out for another day's plan. */
  rates?: readonly number[] | undefined;
}

/** How a switched appliance's plan reads: what an "on" slot means, and what its trajectory measures. */
interface SwitchChartKind {
  kind: 'switch';
  verb: string;
  trajectory: 'charge' | 'tank';
}

/**
 * How each appliance type's plan is drawn; `observed` types get no plan. Keyed by the contract's
 * type union, so a new type does not compile without its entry.
 */
export const CHART_KIND: Record<ApplianceType, { kind: 'hvac' } | { kind: 'solar' } | { kind: 'observed' } | SwitchChartKind> = {
  hvac: { kind: 'hvac' },
  ev_charger: { kind: 'switch', verb: 'Charging', trajectory: 'charge' },
  home_battery: { kind: 'switch', verb: 'Charging', trajectory: 'charge' },
  robot: { kind: 'switch', verb: 'On its dock', trajectory: 'charge' },
  water_heater: { kind: 'switch', verb: 'Element on', trajectory: 'tank' },
  solar: { kind: 'solar' },
  dehumidifier: { kind: 'observed' },
};

export function ScheduleChart(p: ScheduleChartProps) {
  const chart = CHART_KIND[p.type];
  if (chart.kind === 'observed') return <p>{TYPE_LABEL[p.type]}s are observed only: no plan is made for them.</p>;
  if (!p.schedule || Object.keys(p.schedule).length === 0) return <p data-testid="no-plan">No plan yet for {p.name}. Press "Recompute now" to make one.</p>;
  if (chart.kind === 'hvac') return <HvacChart {...p} />;
  if (chart.kind === 'solar') return <SolarChart {...p} />;
  return <SwitchChart {...p} {...chart} />;
}

/** The plan's reasons as the chart's notes, or none for a schedule without them. */
function reasonNotes(schedule: Record<string, unknown>) {
  const values = slotReasons(schedule);
  return values ? { notes: { label: 'Why', values } } : {};
}

function HvacChart({ id, name, schedule, rates }: ScheduleChartProps) {
  const high = nums(schedule.high_temps) ?? Array<null>(48).fill(null);
  const low = nums(schedule.low_temps) ?? Array<null>(48).fill(null);
  const setpoints = nums(schedule.setpoint_temps) ?? high.map((h, i) => (h !== null && low[i] != null ? (h + low[i]!) / 2 : null));
  const predicted = nums(schedule.temp_trajectory);
  const bandLow = predicted && nums(schedule.trajectory_low_temps);
  const bandHigh = predicted && nums(schedule.trajectory_high_temps);
  // Past slots of an intraday plan carry no spread (the band closes on the trajectory there).
  const spread = bandLow && bandHigh ? bandHigh.map((h, i) => (h !== null && bandLow[i] != null && h > bandLow[i]! ? h - bandLow[i]! : null)) : null;
  const sp = range(setpoints);
  const band = { lo: range(low), hi: range(high) };
  const pr = predicted && range(predicted);
  const price = rates && rates.length === 48 ? [...rates] : null;
  const summary = [
    sp ? (sp.min === sp.max ? `Setpoints hold at ${fmt(sp.min)} °F all day.` : `Setpoints step between ${fmt(sp.min)} and ${fmt(sp.max)} °F.`) : '',
    band.lo && band.hi ? `The comfort band runs from ${fmt(band.lo.min)} to ${fmt(band.hi.max)} °F.` : '',
    pr ? `Predicted indoor temperature ${fmt(pr.min)} to ${fmt(pr.max)} °F.` : 'No temperature prediction yet (default plan).',
    spread && range(spread)
      ? `Its 80 % prediction band is ${fmt(range(spread)!.min)} to ${fmt(range(spread)!.max)} °F wide: 8 slots in 10 should end inside it.`
      : '',
    price ? `Price ${cents(Math.min(...price))} to ${cents(Math.max(...price))}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Chart
      id={id}
      title={`${name}: setpoints, comfort band, predicted temperature and price`}
      {...reasonNotes(schedule)}
      summary={summary}
      xLabels={SLOTS}
      leftUnit="°F"
      rightUnit="¢/kWh"
      series={[
        { label: 'Band high (°F)', values: high, color: '#b3261e', dash: [4, 4] },
        { label: 'Band low (°F)', values: low, color: '#1d5fa8', dash: [4, 4] },
        { label: 'Setpoint (°F)', values: setpoints, color: '#0b5d3b', kind: 'step' },
        ...(predicted ? [{ label: 'Predicted indoor (°F)', values: predicted, color: '#c25e00' }] : []),
        ...(bandLow && bandHigh
          ? [
              { label: 'Prediction band high, 80 % (°F)', values: bandHigh, color: 'rgba(194, 94, 0, 0.35)', dash: [2, 3] },
              { label: 'Prediction band low, 80 % (°F)', values: bandLow, color: 'rgba(194, 94, 0, 0.35)', dash: [2, 3] },
            ]
          : []),
        ...(price ? [{ label: 'Price (¢/kWh)', values: price, color: PRICE, kind: 'step' as const, axis: 'right' as const, digits: 2 }] : []),
      ]}
      bands={[
        { upper: 0, lower: 1, color: 'rgba(46, 125, 50, 0.15)' },
        ...(bandLow && bandHigh && predicted ? [{ upper: 4, lower: 5, color: 'rgba(194, 94, 0, 0.15)' }] : []),
      ]}
    />
  );
}

function SwitchChart({ id, name, schedule, rates, verb, trajectory: measures }: ScheduleChartProps & SwitchChartKind) {
  const on = bools(schedule.intervals) ?? Array<boolean>(48).fill(false);
  const water = measures === 'tank';
  const trajectory = nums(water ? schedule.temp_trajectory : schedule.value_trajectory);
  const price = rates && rates.length === 48 ? [...rates] : null;
  const runs = slotRuns(on);
  const last = trajectory?.filter((v): v is number => v !== null).at(-1);
  const summary = [
    `${verb} ${runs.length ? `during ${runs.join(', ')}` : 'in no slot'} (${on.filter(Boolean).length} half-hours).`,
    last !== undefined ? (water ? `Tank predicted at ${fmt(last)} °F at midnight.` : `Predicted charge at the end of the day: ${fmt(last, 0)} %.`) : '',
    price ? onSlotsPriceSummary(on, price) : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Chart
      id={id}
      title={`${name}: ${verb.toLowerCase()} slots, ${water ? 'predicted tank temperature' : 'predicted charge'}${price ? ' and price' : ''}`}
      {...reasonNotes(schedule)}
      summary={summary}
      xLabels={SLOTS}
      leftUnit={water ? '°F' : '%'}
      rightUnit="¢/kWh"
      series={[
        { label: `${verb} (1 = on)`, values: on.map((b) => (b ? 1 : 0)), color: 'rgba(11, 93, 59, 0.3)', kind: 'bars', axis: 'shade', digits: 0 },
        ...(trajectory ? [{ label: water ? 'Predicted tank (°F)' : 'Predicted charge (%)', values: trajectory, color: '#c25e00' }] : []),
        ...(price ? [{ label: 'Price (¢/kWh)', values: price, color: PRICE, kind: 'step' as const, axis: 'right' as const, digits: 2 }] : []),
      ]}
    />
  );
}

function SolarChart({ id, name, schedule }: ScheduleChartProps) {
  const gen = nums(schedule.generation_kw_48) ?? Array<null>(48).fill(null);
  const surplus = nums(schedule.surplus_kw_48) ?? Array<null>(48).fill(null);
  const self = nums(schedule.self_consumed_kw_48);
  const kwh = (k: string) => (typeof schedule[k] === 'number' ? (schedule[k] as number) : null);
  const summary = `Expected generation ${fmt(kwh('generation_kwh'), 1)} kWh, of which ${fmt(kwh('surplus_kwh'), 1)} kWh surplus${
    typeof schedule.source === 'string' ? ` (forecast from ${schedule.source})` : ''
  }.${typeof schedule.export_value_cents === 'number' ? ` Export value ${fmt((schedule.export_value_cents as number) / 100, 2)} $.` : ''}`;
  return (
    <Chart
      id={id}
      title={`${name}: solar generation and surplus (kW)`}
      summary={summary}
      xLabels={SLOTS}
      leftUnit="kW"
      series={[
        { label: 'Generation (kW)', values: gen, color: '#b8860b', digits: 2 },
        { label: 'Surplus (kW)', values: surplus, color: '#0b5d3b', digits: 2 },
        ...(self ? [{ label: 'Self-consumed (kW)', values: self, color: '#1d5fa8', digits: 2, dash: [4, 4] }] : []),
      ]}
    />
  );
}
