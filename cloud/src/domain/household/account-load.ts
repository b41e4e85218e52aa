// The household load an account's plans use on a local day, from the half-hour means of its
// readings (UTC half hours placed on the local slot grid) and its set profile.
import { localDateOf, slotIndexOf, type LocalDate } from '../time/slot-grid.js';
import { chooseHouseholdLoad, type HouseholdLoad } from './load-source.js';
import { measuredProfile, type SlotMean } from './measured-profile.js';

/** Half-hour means (W) on the local slot grid of `timeZone`, in kW. */
export function toSlotMeans(means: readonly { start: Date; meanWatts: number }[], timeZone: string): SlotMean[] {
  return means.map((m) => ({ date: localDateOf(m.start, timeZone), slot: slotIndexOf(m.start, timeZone), kw: m.meanWatts / 1000 }));
}

/** Measured (3+ days), else set, else typical, for `date`. */
export function householdLoadFor(
  means: readonly { start: Date; meanWatts: number }[],
  set: readonly number[] | null,
  timeZone: string,
  date: LocalDate,
): HouseholdLoad {
  return chooseHouseholdLoad(measuredProfile(toSlotMeans(means, timeZone), date), set);
}
