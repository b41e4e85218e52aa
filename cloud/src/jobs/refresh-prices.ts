import { log } from '../log.js';
import type { PriceFeedsService } from '../services/price-feeds.js';

/**
 * The scheduled price refresh: one run over every zone in use. Days already stored in full are
 * skipped, so the start-up run and the retry run only fetch what is still missing. Never rejects:
 * a job failure is logged and the next run tries again.
 */
export async function refreshPrices(deps: { priceFeeds: PriceFeedsService }, now: Date, signal?: AbortSignal): Promise<void> {
  const jobLog = log('job.refresh-prices');
  try {
    const { busy, days } = await deps.priceFeeds.refresh({ now, signal });
    if (busy) return;
    const failed = days.filter((d) => d.status === 'failed').length;
    jobLog.info({ days: days.length, failed }, `price refresh done days=${days.length} failed=${failed}`);
  } catch (err) {
    if (signal?.aborted) jobLog.info('price refresh stopped by shutdown');
    else jobLog.error({ err }, 'price refresh failed');
  }
}
