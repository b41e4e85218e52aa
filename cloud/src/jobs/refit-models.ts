import { log } from '../log.js';
import type { ModelRefitService } from '../services/model-refit.js';

/** The weekly model refit: every HVAC's thermal model and every solar array's learned yield. Never rejects. */
export async function refitModels(deps: { modelRefit: ModelRefitService }, now: Date, signal?: AbortSignal): Promise<void> {
  const jobLog = log('job.refit-models');
  try {
    // One instance refits; the others find the lock taken and skip.
    const report = await deps.modelRefit.refitAllOnce(now, signal);
    if (!report) return;
    jobLog.info(report, `model refit done hvacs=${report.fitted}/${report.hvacs} solar=${report.solarFitted}/${report.solarArrays} failed=${report.failed}`);
  } catch (err) {
    if (signal?.aborted) jobLog.info('model refit stopped by shutdown');
    else jobLog.error({ err }, 'model refit failed');
  }
}
