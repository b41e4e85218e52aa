// What the daily metrics of one account and local day are computed from: per machine, its
// readings bucketed into the day's 48 grid slots, its override and defect episodes, and the
// newest plan of the day. The store aggregates readings in SQL; everything here is plain data.
import type { ApplianceType } from '../appliance-types/index.js';
import type { PricePeriods } from './price-slots.js';

/** One machine's readings of one local day by grid slot (48 entries each); a machine-day without readings has none. */
export interface SlotReadings {
  /** Mean power_watts of the slot's readings that carry one; null when none does. */
  powerW: readonly (number | null)[];
  /** Mean indoor temperature of the slot, F (HVAC); null without readings. */
  indoorF: readonly (number | null)[];
  /** Readings that reported an hvac_action, and those whose action was a running one. */
  actionCount: readonly number[];
  runningCount: readonly number[];
}

/** A run of consecutive readings of one HVAC (an override or a conformance defect). */
export interface Episode {
  start: Date;
  end: Date;
  /** Local hour (0-23) of `start`. */
  startHour: number;
  readings: number;
}

/** How one HVAC's readings of the day compare with the plan and the thermostat. */
export interface AdherenceCounts {
  /** Readings judged for conformance: a commanded setpoint and a planned one, not overriding. */
  considered: number;
  /** Of those, readings whose commanded setpoint was within DIVERGENCE_F of the plan. */
  conforming: number;
  /** True when some reading could show an override (override_active, or target and commanded setpoints). */
  canShowOverrides: boolean;
  overrides: Episode[];
  defects: Episode[];
}

/** Per-type facts the day's plan was made with (the schedule row's constraints_used, else today's settings). */
export interface PlanFacts {
  /** Grid draw of a slot that is on, kW (EV, battery, robot, water heater). */
  ratedKw: number | null;
  /** Water heater tank range, F. */
  minTempF: number | null;
  maxTempF: number | null;
  /** EV and battery state-of-charge band, percent, and deadline in minutes after midnight. */
  targetPct: number | null;
  minPct: number | null;
  deadlineMinute: number | null;
}

/** The newest schedule row of the machine for the day. */
export interface DayPlan {
  baselineCents: number;
  optimizedCents: number;
  /** First slot the row re-planned; its costs cover the slots from there. */
  fromSlot: number;
  /** HVAC comfort band (48 each), else null. */
  highF: number[] | null;
  lowF: number[] | null;
  /** Slots the plan turns the machine on (EV, battery, robot, water heater), else null. */
  on: boolean[] | null;
  facts: PlanFacts;
}

/** One machine of the account on the day. */
export interface MachineDayInput {
  applianceId: string;
  type: ApplianceType;
  readings: SlotReadings | null;
  adherence: AdherenceCounts | null;
  plan: DayPlan | null;
}

/** One account's local day. */
export interface AccountDayInput {
  /** The day's tariff, cents/kWh, 48 slots, and its peak and off-peak slots (pricePeriods of it). */
  pricesCentsPerKwh: number[];
  pricePeriods: PricePeriods;
  /** Real slot lengths, hours (DST days differ from 0.5). */
  slotHours: number[];
  machines: MachineDayInput[];
}
