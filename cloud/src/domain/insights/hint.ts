// What the insights endpoint returns per HVAC: hints about the home and the unit that its
// readings, duty and the thermal model's residuals reveal. Rules: docs/insights.md.

/** The kinds of hint (re-exported by the contract as INSIGHT_KINDS). */
export const HINT_KINDS = ['window_open', 'short_cycling', 'cannot_keep_up', 'efficiency_decline', 'sensor_drift'] as const;
export type HintKind = (typeof HINT_KINDS)[number];

export interface Hint {
  kind: HintKind;
  /** When the condition started (UTC instant). */
  since: Date;
  /** The figures behind the hint, named with their unit. */
  numbers: Record<string, number>;
  /** How sure the detector is, 0-1 (two decimals). */
  confidence: number;
  /** One sentence for the homeowner. */
  advice: string;
}

/** Confidence that grows from 0.5 at the threshold to 1 at `full` times it (two decimals). */
export function marginConfidence(value: number, threshold: number, full: number): number {
  const ratio = value / threshold;
  const c = 0.5 + (0.5 * (ratio - 1)) / (full - 1);
  return Math.round(Math.min(1, Math.max(0.5, c)) * 100) / 100;
}
