// GET /api/v1/appliances/{appliance_id}/insights (docs/insights.md).
// The kinds are defined beside the pure code that detects them.
import type { HintKind as InsightKind } from '../domain/insights/hint.js';

export { HINT_KINDS as INSIGHT_KINDS, type HintKind as InsightKind } from '../domain/insights/hint.js';

/** One hint: what, since when (UTC ISO), the figures behind it (each name ends in its unit), how sure, what to do. */
export interface InsightHint {
  kind: InsightKind;
  since: string;
  numbers: Record<string, number>;
  confidence: number;
  advice: string;
}

export interface InsightsResponse {
  appliance_id: string;
  generated_at: string;
  /** Days of readings looked at. */
  window_days: number;
  /** At most one per kind; empty when nothing stands out. */
  hints: InsightHint[];
}
