// Materializes the rankings of the 30-day window for the whole fleet after a metrics run: each
// account's window ends on its local yesterday of the run; the figures are ranked in memory (a
// fleet of tens of thousands is a few arrays) and stored in one transaction.
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { rankedValues, type RankedFigures } from '../domain/metrics/ranked-values.js';
import { cohortKeys, rankFleet, ratePlanKey, RANKING_WINDOW_DAYS, type RankableHome } from '../domain/metrics/rankings.js';
import { addDays, localDateOf, type LocalDate } from '../domain/time/slot-grid.js';
import type { Store } from '../store/index.js';

/** The account's local yesterday at `now`: the last whole day, which the scheduled run computes. */
export const localYesterday = (now: Date, timeZone: string): LocalDate => addDays(localDateOf(now, timeZone), -1);

/** Ranks every account with a stored day in its window and replaces the stored rankings; returns how many homes were ranked. */
export async function materializeRankings(store: Store, now: Date, minCohortHomes: number): Promise<number> {
  const accounts = await store.metricsRankings.accounts();
  const anchors = accounts.map((a) => ({ userId: a.user_id, anchor: localYesterday(now, effectiveTimeZone(a)) }));
  const daysOf = new Map<string, RankedFigures[]>();
  for (const row of await store.metricsRankings.windowDays(anchors, RANKING_WINDOW_DAYS)) {
    const list = daysOf.get(row.user_id);
    if (list) list.push(row);
    else daysOf.set(row.user_id, [row]);
  }
  const homes: RankableHome[] = accounts.flatMap((a) => {
    const days = daysOf.get(a.user_id);
    return days
      ? [{ userId: a.user_id, cohorts: cohortKeys(a.location_zip, ratePlanKey(a.rate_settings)), values: rankedValues(days, a.active_appliances) }]
      : [];
  });
  const anchorOf = new Map(anchors.map((a) => [a.userId, a.anchor]));
  const ranked = rankFleet(homes, minCohortHomes);
  const rows = [...ranked].flatMap(([userId, rankings]) => rankings.map((r) => ({ ...r, userId, anchorDate: anchorOf.get(userId)! })));
  await store.metricsRankings.replaceRankings(rows, RANKING_WINDOW_DAYS, new Date());
  return homes.length;
}
