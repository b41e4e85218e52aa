// A home battery's day in the ledger: its charge readings priced against the battery idle, and
// hindsight as the battery planner's exact optimum on the day's measured load and solar.
import { planHomeBattery } from '../planners/home-battery.js';
import { homeBatteryInputs } from '../planning/charge-inputs.js';
import { dayFrom, SLOTS, trajectory, type Ledger } from './appliance-day.js';

/**
 * Battery idle: the house imports its whole load net of solar and exports the surplus; the
 * battery's own cost is what it changes. A charge takes the slot's solar surplus first (forgoing its
 * export price), then imports; a discharge covers the house's load net of solar, and the rest is
 * exported.
 */
export const homeBatteryLedger: Ledger = ({ day, householdKw, solarKw }, a) => {
  const t = trajectory(a.valueAtEnd);
  if (!t || t.first >= SLOTS) return null;
  const { input } = homeBatteryInputs({ config: a.config, constraints: a.constraints, recentValue: t.start });
  const kwh = (pct: number) => (pct / 100) * input.capacityKwh;
  const load = Array.from({ length: SLOTS }, (_, i) => householdKw[i] ?? input.householdLoadKw[i] ?? 0);
  const solar = solarKw.map((kw) => kw ?? 0);
  let cents = 0;
  let previous = t.start;
  t.ends.forEach((pct, k) => {
    const i = t.first + k;
    const delta = kwh(pct - previous);
    const price = day.pricesCentsPerKwh[i]!;
    const exportPrice = day.exportPricesCentsPerKwh?.[i] ?? 0;
    const net = (load[i]! - solar[i]!) * day.slotHours[i]!;
    if (delta > 0) {
      const drawn = delta / input.chargeEfficiency;
      const stored = Math.min(drawn, Math.max(0, -net));
      cents += stored * exportPrice + (drawn - stored) * price;
    } else {
      const delivered = -delta * input.dischargeEfficiency;
      const covered = Math.min(delivered, Math.max(0, net));
      cents -= covered * price + (delivered - covered) * exportPrice;
    }
    previous = pct;
  });
  const end = t.ends.at(-1) ?? t.start;
  // The charge the day leaves behind (or takes) counts at the planner's refill price, as in the plan.
  const refill = Math.max(0, Math.min(...day.pricesCentsPerKwh.slice(t.first))) / input.chargeEfficiency;
  cents += refill * kwh(t.start - end);
  const lowest = Math.min(t.start, ...t.ends);
  const highest = Math.max(t.start, ...t.ends);
  // Hindsight knows the day's solar and export prices, as the actual cost counts them.
  const best = planHomeBattery(
    { ...dayFrom(day, t.first), exportPricesCentsPerKwh: day.exportPricesCentsPerKwh },
    {
      ...input,
      socPct: t.start,
      targetPct: end,
      deadlineMinute: null,
      minPct: Math.min(input.minPct, lowest),
      maxPct: Math.max(input.maxPct, highest),
      householdLoadKw: load,
      householdLoadDaysKw: null,
      chargeHeadroomKw: null,
      solarKw: solar,
    },
  );
  return {
    actualCents: cents,
    baselineCents: 0,
    hindsightCents: best.optimizedCostCents - best.baselineCostCents,
    basis: 'readings',
    baseline: 'the battery idle: the house imports its whole load net of solar',
    note: null,
  };
};
