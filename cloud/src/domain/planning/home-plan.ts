// The home as one system (docs/home-plan.md): in which order appliances get the import
// limit's capacity, what each one draws per slot, and the home's grid import, export and cost.
import { applianceTypes, isApplianceType } from '../appliance-types/index.js';
import { LOAD_SOURCES, type LoadSource } from '../household/load-source.js';
import { SLOTS } from '../planners/types.js';
import * as t from '../validation/typed-schema.js';

/** Where a type stands in the order (its spec's `allocation`); a type without one goes last. */
function allocationOf(type: string): { comfort: boolean; rank: number } {
  return (isApplianceType(type) ? applianceTypes[type].allocation : null) ?? { comfort: false, rank: 99 };
}

/** What the order needs to know about an appliance. */
export interface Allocatable {
  id: string;
  type: string;
  /** Minutes after midnight; null: no deadline (the end of the day). */
  deadlineMinute: number | null;
}

/**
 * The order in which appliances are planned against the import limit: comfort types first (HVAC,
 * then hot water), then the earliest deadline; the rank breaks ties (the battery last).
 */
export function allocationOrder<A extends Allocatable>(appliances: readonly A[]): A[] {
  return [...appliances].sort((a, b) => {
    const [x, y] = [allocationOf(a.type), allocationOf(b.type)];
    if (x.comfort !== y.comfort) return x.comfort ? -1 : 1;
    if (x.comfort) return x.rank - y.rank;
    const deadline = (d: A) => d.deadlineMinute ?? 24 * 60;
    return deadline(a) - deadline(b) || x.rank - y.rank;
  });
}

/** Per slot, what the limit leaves after the household load and the draws planned so far (null: no limit). */
export function headroomKw(maxImportKw: number | null, loadKw: readonly number[], drawsKw: readonly (readonly number[])[]): number[] | null {
  if (maxImportKw === null) return null;
  return Array.from({ length: SLOTS }, (_, i) => maxImportKw - (loadKw[i] ?? 0) - drawsKw.reduce((s, d) => s + Math.max(0, d[i] ?? 0), 0));
}

/** Slots where an appliance drawing `kw` when on does not fit (a hair of tolerance for rounding). */
export const blockedSlots = (headroom: readonly number[] | null, kw: number): boolean[] | null => (headroom ? headroom.map((h) => h < kw - 1e-9) : null);

/** An on/off appliance's draw: its full power in every slot it is on. */
export const onOffDrawKw = (intervals: readonly unknown[], kw: number): number[] => Array.from({ length: SLOTS }, (_, i) => (intervals[i] === true ? kw : 0));

/**
 * A home battery's grid charging (positive) and delivery (negative), kW, from its planned charge
 * trajectory: a rise of r kWh in a slot of h hours drew r / ηc / h; a drop of d kWh delivered d·ηd / h.
 */
export function batteryFlowKw(
  trajectoryPct: readonly number[],
  startPct: number,
  capacityKwh: number,
  etaIn: number,
  etaOut: number,
  hours: readonly number[],
): number[] {
  return Array.from({ length: SLOTS }, (_, i) => {
    const before = i === 0 ? startPct : trajectoryPct[i - 1]!;
    const change = (((trajectoryPct[i] ?? before) - before) / 100) * capacityKwh;
    const h = hours[i] ?? 0.5;
    if (!(h > 0) || Math.abs(change) < 1e-9) return 0;
    return change > 0 ? change / (etaIn > 0 ? etaIn : 1) / h : (change * etaOut) / h;
  });
}

const kwPerSlot = (description: string) => t.slots48(t.number({ minimum: 0 }), description);

/** The `home` block of GET /schedules and the recompute answer. */
export const homeBlockSchema = t.component(
  'HomePlan',
  t.object(
    {
      load_kw_48: kwPerSlot('Household load planned with, kW (before solar)'),
      grid_import_kw_48: kwPerSlot(
        'Planned grid import: load + appliance draws (HVAC planned power, EV, water heater, battery charging) - battery delivery - solar, kW',
      ),
      export_kw_48: kwPerSlot('Planned export (what is left below zero), kW'),
      source: t.oneOf(LOAD_SOURCES, 'Where the household load came from'),
      expected_cost_cents: t.number("The day's expected cost of the home's import at the tariff, less what exports earn, cents"),
      max_import_kw: t.nullable(t.number('The import limit planned against (profile max_import_kw), kW')),
    },
    'The home as one system for the day (docs/home-plan.md). null before the first plan of the day. Slots are local half hours 0-47.',
  ),
);
export type HomeBlock = t.Infer<typeof homeBlockSchema>;

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The home's grid flows per slot: the household load plus every appliance's draw (batteries
 * negative when delivering), less solar generation; what is left below zero is exported. The
 * expected cost prices import at the tariff (before any solar discount) and export at the export
 * curve (nothing without one).
 */
export function homeBlock(args: {
  loadKw: readonly number[];
  source: LoadSource;
  flowsKw: readonly (readonly number[])[];
  generationKw: readonly number[] | null;
  pricesCentsPerKwh: readonly number[];
  exportPricesCentsPerKwh: readonly number[] | null;
  slotHours: readonly number[];
  maxImportKw: number | null;
}): HomeBlock {
  const net = Array.from(
    { length: SLOTS },
    (_, i) => (args.loadKw[i] ?? 0) + args.flowsKw.reduce((s, f) => s + (f[i] ?? 0), 0) - (args.generationKw?.[i] ?? 0),
  );
  const imported = net.map((x) => Math.max(0, x));
  const exported = net.map((x) => Math.max(0, -x));
  const cost = net.reduce((s, _, i) => {
    const h = args.slotHours[i] ?? 0.5;
    return s + imported[i]! * h * (args.pricesCentsPerKwh[i] ?? 0) - exported[i]! * h * (args.exportPricesCentsPerKwh?.[i] ?? 0);
  }, 0);
  return {
    load_kw_48: args.loadKw.map(r3),
    grid_import_kw_48: imported.map(r3),
    export_kw_48: exported.map(r3),
    source: args.source,
    expected_cost_cents: Math.round(cost * 100) / 100,
    max_import_kw: args.maxImportKw,
  };
}
