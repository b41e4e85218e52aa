// What a lived home reports: the harness's report, a table comparing the lived capture with
// bench:recorded-home's plans over the same days, and the checks it failed.
import type { LivingReport } from './living-run.js';

/** The lived capture must lie within this of the bench's plans over the same days. */
export const CAPTURE_TOLERANCE = 0.01;

/** Which days to live and how fast. */
export interface LivedSpan {
  /** Index of the first lived day in the home's record. */
  first: number;
  count: number;
  /** Simulated milliseconds per real millisecond. */
  rate: number;
  log: (line: string) => void;
}

export interface LivedComparison {
  report: LivingReport;
  table: Record<string, string>[];
  problems: string[];
}

export const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
