// GET /api/v1/appliances/{appliance_id}/insights (docs/insights.md).
// The kinds are defined beside the pure code that detects them.
import { HINT_KINDS } from '../domain/insights/hint.js';
import * as t from '../domain/validation/typed-schema.js';

export { HINT_KINDS as INSIGHT_KINDS, type HintKind as InsightKind } from '../domain/insights/hint.js';

/** One hint: what, since when (UTC ISO), the figures behind it (each name ends in its unit), how sure, what to do. */
export const insightHint = t.component(
  'Hint',
  t.object({
    kind: t.oneOf(HINT_KINDS),
    since: t.dateTime('When the condition started (UTC)'),
    numbers: t.record(t.number(), 'The figures behind the hint; each name ends with its unit'),
    confidence: t.number({ minimum: 0, maximum: 1 }),
    advice: t.string('One sentence for the homeowner'),
  }),
);
export type InsightHint = t.Infer<typeof insightHint>;

export const insightsResponse = t.component(
  'Insights',
  t.object({
    appliance_id: t.uuid(),
    generated_at: t.string({ format: 'date-time' }),
    window_days: t.integer('Days of readings looked at (30)'),
    hints: t.array(t.ref(insightHint), 'At most one per kind; empty when nothing stands out'),
  }),
);
export type InsightsResponse = t.Infer<typeof insightsResponse>;
