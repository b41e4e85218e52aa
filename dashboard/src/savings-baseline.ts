// What an estimated saving is compared with: each planner's no-plan baseline, as the cloud
// computes it (cloud/src/domain/planners/*.md, "Baseline"), at the same day's prices. Keyed by the
// contract's type union, so a new type does not compile without its sentence.
import type { ApplianceType } from '@offpeak/cloud/contract';

/** The baseline in words, or null for a type that has no savings estimate. */
export const SAVINGS_BASELINE: Record<ApplianceType, string | null> = {
  hvac: 'holding the middle of your comfort band all day',
  ev_charger: 'charging as soon as the car is plugged in until it reaches the target (the same energy)',
  home_battery: 'leaving the battery idle while the house buys all its power from the grid',
  water_heater: 'a plain thermostat at the maximum tank temperature (heating whenever the tank is 10 °F below it)',
  robot: 'charging whenever it is docked until it reaches the target (the same energy)',
  solar: null,
  dehumidifier: null,
};

/** The sentence beside a plan's estimated savings: what it is compared with, or why there is no estimate. */
export function savingsBaselineText(type: ApplianceType, isOptimized: boolean, savingsPct: number): string {
  const baseline = SAVINGS_BASELINE[type];
  if (baseline === null) return 'No savings estimate: nothing is scheduled for this appliance.';
  if (!isOptimized) return `The default plan is the baseline itself (${baseline}), so it saves nothing yet.`;
  const same = savingsPct === 0 ? ' The plan costs the same: the baseline already uses the cheapest hours.' : '';
  return `Compared with ${baseline}, at the same prices.${same}`;
}
