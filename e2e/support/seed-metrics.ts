// Past days for the savings journey. Metrics are derived once a day from days that have ended, so
// a test cannot wait for them: it stores earlier days' plans the way the nightly run would have
// (through the built cloud's own store), then runs the built cloud's daily metrics job as a
// backfill, as cloud/test/api/metrics*.test.ts do. Everything else goes through the public API.
import type { PlanningChange } from '@offpeak/cloud/contract';
import path from 'node:path';
import { configureLogging, createDailyMetricsJob, createStore, openOperatorDatabase } from '@offpeak/cloud/testing/store';

export interface PastPlan {
  userId: string;
  applianceId: string;
  date: string;
  schedule: Record<string, unknown>;
  baselineCents: number;
  optimizedCents: number;
  used?: Record<string, unknown>;
  /** A re-plan during the day: what started it and its first slot (default: the nightly plan, from slot 0). */
  replan?: { changes: PlanningChange[]; fromSlot: number };
}

async function openStore() {
  configureLogging('warn');
  const database = await openOperatorDatabase({ databaseUrl: undefined, pgDir: path.join(process.env.E2E_DATA_DIR!, 'pg') });
  return { store: createStore(database.db), close: database.close };
}

/** Stores plans of past days, then (unless `minCohortHomes` is null) computes their metrics and today's rankings. */
export async function seedPastDays(plans: PastPlan[], minCohortHomes: number | null): Promise<void> {
  const { store, close } = await openStore();
  try {
    await store.schedules.insert(
      plans.map((p) => ({
        user_id: p.userId,
        appliance_id: p.applianceId,
        local_date: p.date,
        schedule: p.schedule,
        source: 'optimization' as const,
        mode: null,
        estimated_savings_pct: 0,
        model_confidence: null,
        baseline_cost_cents: p.baselineCents,
        optimized_cost_cents: p.optimizedCents,
        savings_pct: Math.round((1000 * (p.baselineCents - p.optimizedCents)) / p.baselineCents) / 10,
        from_slot: p.replan?.fromSlot ?? 0,
        trigger: p.replan ? ('debounced' as const) : ('nightly' as const),
        changes: p.replan?.changes ?? [],
        constraints_used: p.used ?? {},
        missed: [],
      })),
    );
    if (minCohortHomes === null) return;
    const dates = plans.map((p) => p.date).sort();
    const job = createDailyMetricsJob(store, { defaultAdderCentsPerKwh: 0, batchDays: 5000, leaseMs: 600_000, minCohortHomes });
    const outcome = await job.run({ now: new Date(), range: { start: dates[0]!, end: dates.at(-1)! } });
    if (outcome.status !== 'done') throw new Error(`metrics backfill: ${JSON.stringify(outcome)}`);
  } finally {
    await close();
  }
}
