// The recent days' loads a battery is planned for on the recorded home: the cloud's own
// `recentLoadDays` over the days before the planned one, as the recompute feeds it.
import { recentLoadDays } from '../../domain/household/recent-days.js';
import type { SlotMean } from '../../domain/household/measured-profile.js';
import { WINDOW_DAYS } from '../../domain/household/measured-profile.js';
import type { Forecaster } from './forecasters.js';
import type { RecordedDay } from './recorded-load.js';

/** For day `index`, the measured days before it (gaps filled from `measured`'s profile), or null without a profile. */
export function recentDaysOf(days: readonly RecordedDay[], measured: Forecaster): (index: number) => number[][] | null {
  return (index) => {
    const profile = measured(index);
    if (!profile) return null;
    const means: SlotMean[] = days
      .slice(Math.max(0, index - WINDOW_DAYS), index)
      .flatMap((d) => d.kw.flatMap((kw, slot) => (kw === null ? [] : [{ date: d.date, slot, kw }])));
    return recentLoadDays(means, days[index]!.date, profile);
  };
}
