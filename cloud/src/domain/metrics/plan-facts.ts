// The facts a machine-day's plan was made with, per type, as the daily figures read them: from
// the schedule row's constraints_used, falling back to what the appliance's current config and
// constraints give (with the planning defaults) for rows without them (older rows, defaults).
// Each appliance type's spec names its function here (domain/appliance-types/).
import { evChargerInputs, homeBatteryInputs, robotInputs, type ApplianceFacts } from '../planning/charge-inputs.js';
import { minuteOr, numberOr } from '../planning/stored-values.js';
import { waterHeaterInputs } from '../planning/water-heater-inputs.js';
import type { PlanFacts } from './day-input.js';

type Stored = Record<string, unknown>;

/** The facts of a type whose plan has none of them (HVAC, solar, dehumidifier). */
export const NO_FACTS: PlanFacts = { ratedKw: null, minTempF: null, maxTempF: null, targetPct: null, minPct: null, deadlineMinute: null };

export const noFacts = (): PlanFacts => NO_FACTS;

/** The deadline the row was planned with: its stored `deadline_time` (null: none), else the current one. */
const deadlineOf = (used: Stored, current: number | null) => (Object.hasOwn(used, 'deadline_time') ? minuteOr(used, 'deadline_time') : current);

/** True when the row stored every one of these numbers (then today's settings are not needed). */
const hasNumbers = (used: Stored, ...keys: string[]) => keys.every((k) => typeof used[k] === 'number' && Number.isFinite(used[k]));

const factsOf = (config: Stored, constraints: Stored): ApplianceFacts => ({ config, constraints, recentValue: null });

/** EV charger and home battery: rated draw, charge band and deadline. */
function chargeFacts(current: (facts: ApplianceFacts) => { maxChargeRateKw: number; targetPct: number; minPct: number; deadlineMinute: number | null }) {
  return (used: Stored, config: Stored, constraints: Stored): PlanFacts => {
    const complete = hasNumbers(used, 'max_charge_rate_kw', 'target_charge_pct', 'min_charge_pct') && Object.hasOwn(used, 'deadline_time');
    const input = complete ? null : current(factsOf(config, constraints));
    return {
      ...NO_FACTS,
      ratedKw: numberOr(used, 'max_charge_rate_kw', input?.maxChargeRateKw ?? 0),
      targetPct: numberOr(used, 'target_charge_pct', input?.targetPct ?? 0),
      minPct: numberOr(used, 'min_charge_pct', input?.minPct ?? 0),
      deadlineMinute: deadlineOf(used, input?.deadlineMinute ?? null),
    };
  };
}

export const evChargerFacts = chargeFacts((facts) => evChargerInputs(facts).input);
export const homeBatteryFacts = chargeFacts((facts) => homeBatteryInputs(facts).input);

/** Robot: its rated draw only (docking is not a charge band the figures weigh). */
export function robotFacts(used: Stored, config: Stored, constraints: Stored): PlanFacts {
  const current = hasNumbers(used, 'max_charge_rate_kw') ? 0 : robotInputs(factsOf(config, constraints)).input.maxChargeRateKw;
  return { ...NO_FACTS, ratedKw: numberOr(used, 'max_charge_rate_kw', current) };
}

/** Water heater: element draw and tank range. */
export function waterHeaterFacts(used: Stored, config: Stored, constraints: Stored): PlanFacts {
  const input = hasNumbers(used, 'element_watts', 'min_temp_f', 'max_temp_f') ? null : waterHeaterInputs(factsOf(config, constraints)).input;
  return {
    ...NO_FACTS,
    ratedKw: numberOr(used, 'element_watts', input?.elementWatts ?? 0) / 1000,
    minTempF: numberOr(used, 'min_temp_f', input?.minTempF ?? 0),
    maxTempF: numberOr(used, 'max_temp_f', input?.maxTempF ?? 0),
  };
}
