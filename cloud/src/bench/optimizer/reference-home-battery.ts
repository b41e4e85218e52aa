// The home battery day as a MILP for HiGHS, written from the rules (home-battery.md) apart from the
// planner: per slot the battery charges from the grid or discharges (never both), by any amount
// within its rates (charging also within the import limit's headroom); charging never ends a slot
// above max_charge_pct; a stored kWh delivers ηd kWh.
import type { Highs } from 'highs';
import type { DayContext, HomeBatteryInput } from '../../domain/planners/types.js';
import { binary, bound, newLp, row, solveLp, terms } from './reference-lp.js';
import { clampPct, refDeadlineEnd, refSlots, unsolved, type ReferenceResult } from './reference-rules.js';

/** Which slots the battery charges and discharges in, to pin in a replay. */
export interface BatteryDecisions {
  charge: readonly boolean[];
  discharge: readonly boolean[];
}

/**
 * minimise Σ price/ηc · c[k] − Σ price·ηd · dl[k] − Σ export·ηd · dx[k] + refill · (s[-1] − s[last])
 *   (kWh stored, taken out for the house, taken out for export; the charge taken out counts at
 *   refill = max(0, cheapest price) / ηc)
 *   s[k] = s[k-1] + c[k] − dl[k] − dx[k]
 *   c[k] ≤ a·ch[k],  ηd·(dl[k] + dx[k]) ≤ b·(1 − ch[k])   (a slot charges or discharges, ch binary)
 *   s[k] ≤ C + (S − C)(1 − ch[k])                          (charging never ends above the ceiling)
 *   ηd·dl[k] ≤ min(b, load[k]), ηd·dx[k] ≤ b − load[k] (export curve only); where export pays more
 *   than the import it displaces, dx > 0 only once the house is covered (the meter nets): binary ex[k]
 *   s[k] ≥ floor[k]   (the minimum, and the target at the deadline, lowered to what charging always reaches)
 * with a = min(rate, headroom)·hours·ηc, b = discharge rate·hours, C = max_charge_pct,
 * S = max(C, the charge now), the target and minimum capped at C.
 */
export function solveBatteryReference(highs: Highs, day: DayContext, input: HomeBatteryInput, fixed?: BatteryDecisions): ReferenceResult {
  const end = refDeadlineEnd(day.fromSlot, input.deadlineMinute);
  const slots = refSlots(day, Math.max(48, end));
  const deadline = end - day.fromSlot - 1;
  const cap = Math.max(0, input.capacityKwh);
  const maxPct = clampPct(input.maxPct);
  const targetPct = Math.min(clampPct(input.targetPct), maxPct);
  const minPct = Math.min(clampPct(input.minPct), targetPct);
  if (cap === 0) {
    const soc = clampPct(input.socPct);
    return {
      optimal: true,
      status: 'Optimal',
      costCents: 0,
      missed: [...(soc < minPct ? ['min_charge_pct'] : []), ...(soc < targetPct ? ['target_charge_pct'] : [])],
    };
  }
  const etaC = Math.min(1, Math.max(0, input.chargeEfficiency));
  const etaD = Math.min(1, Math.max(0, input.dischargeEfficiency));
  const [s0, C, T, M] = [clampPct(input.socPct), maxPct, targetPct, minPct].map((p) => (p / 100) * cap) as [number, number, number, number];
  const S = Math.max(C, s0);
  const tol = 1e-9 * cap;
  const rateAt = (index: number) => Math.min(Math.max(0, input.maxChargeRateKw), Math.max(0, input.chargeHeadroomKw?.[index % 48] ?? Infinity));
  // The highest charge each slot can end at: charging whenever below the ceiling.
  let reach = s0;
  let minMissed = false;
  let targetMissed = false;
  const floors = slots.map((s, k) => {
    const a = rateAt(s.index) * s.hours * etaC;
    reach = reach >= C ? reach : Math.min(C, reach + a);
    if (reach < M - tol) minMissed = true;
    if (k === deadline && reach < T - tol) targetMissed = true;
    return Math.min(k === deadline ? T : M, reach);
  });
  const lp = newLp();
  slots.forEach((s, k) => {
    const load = Math.max(0, input.householdLoadKw[s.index % 48] ?? 0) * s.hours;
    const a = rateAt(s.index) * s.hours * etaC;
    const b = etaD > 0 ? Math.max(0, input.maxDischargeRateKw) * s.hours : 0;
    const v = (name: string) => `${name}${k}`;
    row(lp, v('bal'), [[1, v('s')], ...(k > 0 ? [[-1, `s${k - 1}`] as const] : []), [-1, v('c')], [1, v('dl')], [1, v('dx')]], '=', k > 0 ? 0 : s0);
    bound(lp, v('s'), Math.max(0, floors[k]! - tol), S);
    lp.objective.push(
      terms([
        [-s.price * etaD, v('dl')],
        [-(s.exportPrice ?? 0) * etaD, v('dx')],
      ]),
    );
    // A replay allows charging only where the schedule shows it, and discharging likewise.
    const replayed = fixed !== undefined && k < fixed.charge.length;
    const canCharge = !replayed || fixed.charge[k]!;
    const canDischarge = !replayed || fixed.discharge[k]!;
    bound(lp, v('dl'), 0, canDischarge && b > 0 ? Math.min(load, b) / etaD : 0);
    bound(lp, v('dx'), 0, canDischarge && b > 0 && s.exportPrice !== null ? Math.max(0, b - load) / etaD : 0);
    bound(lp, v('c'), 0, canCharge && etaC > 0 ? a : 0);
    if (a > 0 && etaC > 0) {
      lp.objective.push(terms([[s.price / etaC, v('c')]]));
      binary(lp, v('ch'));
      row(
        lp,
        v('cOn'),
        [
          [1, v('c')],
          [-a, v('ch')],
        ],
        '<=',
        0,
      );
      if (b > 0)
        row(
          lp,
          v('dOff'),
          [
            [etaD, v('dl')],
            [etaD, v('dx')],
            [b, v('ch')],
          ],
          '<=',
          b,
        );
      if (S > C)
        row(
          lp,
          v('ceil'),
          [
            [1, v('s')],
            [S - C, v('ch')],
          ],
          '<=',
          S,
        );
    }
    if (b > 0 && s.exportPrice !== null && s.exportPrice > s.price && b > load) {
      binary(lp, v('ex'));
      row(
        lp,
        v('houseFirst'),
        [
          [1, v('dl')],
          [-load / etaD, v('ex')],
        ],
        '>=',
        0,
      );
      row(
        lp,
        v('exOn'),
        [
          [1, v('dx')],
          [-(b - load) / etaD, v('ex')],
        ],
        '<=',
        0,
      );
      if (a > 0 && etaC > 0)
        row(
          lp,
          v('exOrCh'),
          [
            [1, v('ex')],
            [1, v('ch')],
          ],
          '<=',
          1,
        );
    }
  });
  // Charge left at the end is credited at what buying it back costs at the horizon's cheapest price.
  const refill = etaC > 0 ? Math.max(0, Math.min(...slots.map((s) => s.price))) / etaC : 0;
  lp.objective.push(terms([[-refill, `s${slots.length - 1}`]]));
  const sol = solveLp(highs, lp);
  if (!sol.optimal) return unsolved(sol.status);
  return {
    optimal: true,
    status: sol.status,
    costCents: sol.objective + refill * s0,
    missed: [...(minMissed ? ['min_charge_pct'] : []), ...(targetMissed ? ['target_charge_pct'] : [])],
  };
}
