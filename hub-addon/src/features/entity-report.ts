// Entity report: the house's entities that Offpeak's forms can name go to the cloud
// (PUT /api/v1/hub-entities) once the first entity map is in, and again when the list changes.
// Home Assistant sends an entity map on every state change, so a change arms one timer and the
// list is compared when it fires: a busy house costs one comparison per period, not one per event.
import { CloudError, type TimerHandle } from '@offpeak/client-kit';
import type { AddonContext, Stop } from '../context.js';
import { describe } from '../ha.js';
import { reportedEntities } from '../hub-entities.js';
import { viaCloud } from '../reachability.js';

export function startEntityReport(ctx: AddonContext): Stop {
  /** The list the cloud holds (as JSON), or null before the first report. */
  let sent: string | null = null;
  let timer: TimerHandle | null = null;
  let isPending = false;
  let stopped = false;

  /** Compares (and reports) after `delayMs`, or at once for 0; a comparison already pending covers this change too. */
  const arm = (delayMs: number) => {
    if (isPending || stopped) return;
    isPending = true;
    if (delayMs === 0) ctx.tasks.run(report);
    else timer = ctx.clock.setTimeout(() => ctx.tasks.run(report), delayMs);
  };

  const report = async () => {
    isPending = false;
    timer = null;
    if (stopped || !ctx.ha.connected) return;
    const entities = reportedEntities(ctx.ha.entities);
    const json = JSON.stringify(entities);
    if (json === sent) return;
    try {
      const res = await viaCloud(ctx, 'entity report', () => ctx.cloud.reportHubEntities(entities));
      sent = json;
      ctx.log.info('entities reported', { count: res.accepted });
    } catch (e) {
      if (e instanceof CloudError && !e.retryable) {
        // Refused (a cloud without the endpoint, a list it will not take): again only when the list changes.
        sent = json;
        ctx.log.warn('entity report refused', { status: e.status, error: describe(e) });
      } else {
        ctx.log.warn('entity report failed; retrying', { error: describe(e), retry_in_ms: ctx.timing.entityReportRetryMs });
        arm(ctx.timing.entityReportRetryMs);
      }
    }
  };

  const changed = () => arm(sent === null ? 0 : ctx.timing.entityReportEveryMs);
  const offEntities = ctx.ha.onEntities(changed);
  const offResync = ctx.ha.onResync(changed);
  if (Object.keys(ctx.ha.entities).length > 0) changed();
  return () => {
    stopped = true;
    offEntities();
    offResync();
    if (timer !== null) ctx.clock.clearTimeout(timer);
  };
}
