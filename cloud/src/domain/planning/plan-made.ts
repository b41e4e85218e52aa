// How a stored plan was made: planned or the defaults, the run that wrote it, and the changes that
// started that run (a change to the account's planning inputs, or what its home measures departing
// from the plan). Each stored row names them, so a client can say why a plan moved
// (docs/schedules-and-recompute.md "Triggers").

/** `defaults` during HVAC warm-up and when nothing was planned; `optimization` otherwise. */
export const SCHEDULE_SOURCES = ['optimization', 'defaults'] as const;
export type ScheduleSource = (typeof SCHEDULE_SOURCES)[number];

/** The run that wrote a row: the nightly run, the recompute endpoint, or a debounced recompute gathering PLANNING_CHANGES. */
export const SCHEDULE_TRIGGERS = ['nightly', 'recompute', 'debounced'] as const;
export type ScheduleTrigger = (typeof SCHEDULE_TRIGGERS)[number];

/**
 * What a home measures departing from its plan, noticed by the service itself: a battery's or car's
 * charge off the planned trajectory, a car plugged in or out against the plan, the half hour just
 * ended's household use or solar production off what the plan assumed, the indoor temperature
 * outside the plan's band.
 */
export const MEASURED_CHANGES = ['measured_charge', 'measured_plug', 'measured_load', 'measured_solar', 'measured_temperature'] as const;

/** Every change that starts a re-plan: saved inputs, published prices and forecasts, completed days of readings, and the measured departures. */
export const PLANNING_CHANGES = [
  'preferences',
  'constraints',
  'appliances',
  'rates',
  'import_limit',
  'household_load',
  'household_readings',
  'weather',
  'prices',
  ...MEASURED_CHANGES,
] as const;

export type PlanningChange = (typeof PLANNING_CHANGES)[number];
export type MeasuredChange = (typeof MEASURED_CHANGES)[number];

/** The known changes among a job's stored reasons, in PLANNING_CHANGES' order. */
export const planningChangesOf = (reasons: readonly string[]): PlanningChange[] => PLANNING_CHANGES.filter((c) => reasons.includes(c));
