// Why a plan was made, in words: the row's trigger and the changes that started it (the cloud's
// docs/schedules-and-recompute.md, "History rows"). Keyed by the contract's union, so a new change
// does not compile without its words.
import type { PlanMade, PlanningChange } from '@offpeak/cloud/contract';

const CHANGE_TEXT: Record<PlanningChange, string> = {
  preferences: 'your comfort or savings settings changed',
  constraints: "an appliance's limits changed",
  appliances: 'your appliances changed',
  rates: 'your tariff changed',
  import_limit: 'your import limit changed',
  household_load: "your home's usage profile changed",
  household_readings: "another day of your home's use was measured",
  weather: 'a new weather forecast came in',
  prices: 'new market prices were published',
  measured_charge: "a battery's or car's charge was off the plan",
  measured_plug: 'a car was plugged in or unplugged',
  measured_load: "the home's use was off the plan",
  measured_solar: 'solar production was off the forecast',
  measured_temperature: 'the indoor temperature was off the plan',
};

const joined = (parts: string[]) => (parts.length < 2 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`);

/** What made a plan, as a sentence: the nightly run, a recompute asked for, or the changes behind a re-plan. */
export function planMadeWhy({ trigger, changes }: Pick<PlanMade, 'trigger' | 'changes'>): string {
  if (trigger === 'nightly') return 'The nightly plan for the day.';
  if (trigger === 'recompute') return 'A new plan was asked for.';
  if (changes.length === 0) return 'Re-planned after a change.';
  const why = joined(changes.map((c) => CHANGE_TEXT[c]));
  return `Re-planned because ${why}.`;
}
