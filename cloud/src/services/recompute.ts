// The recompute use case: load an account's inputs, plan each appliance with its type's planner,
// store the rows in one transaction per account, publish, report. The synchronous endpoint, the
// debounced recompute and the nightly run all come through planAccounts.
// docs/schedules-and-recompute.md.
import type { Logger } from 'pino';
import type { RecomputeResponse, RecomputeResult } from '../contract/index.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { intradayDay, nightlyDay, type PlanningDay } from '../domain/planning/planning-day.js';
import type { HomeBlock } from '../domain/planning/home-plan.js';
import type { PlanningChange } from '../domain/planning/plan-made.js';
import { isUnchangedPlan } from '../domain/planning/unchanged-plan.js';
import { addDays, type LocalDate } from '../domain/time/slot-grid.js';
import { AppError, tooManyRequests } from '../errors.js';
import { log } from '../log.js';
import type { NewScheduleRow, PlanningJob, ScheduleRow, ScheduleTrigger, Store } from '../store/index.js';
import type { ModelRefitService } from './model-refit.js';
import type { OutdoorForecastService } from './outdoor-forecast.js';
import { dynamicPointsLoader } from './dynamic-points.js';
import { planAccountDay, type DayDeps } from './recompute-day.js';
import { loadAccountInputs, type AccountInputs } from './recompute-inputs.js';
import type { ProfilesService } from './profiles.js';
import type { ScheduleEvents } from './schedule-events.js';
import type { SchedulesService } from './schedules.js';
import type { RateLimiter } from './rate-limiter.js';

/** One account to plan: why, and for a nightly job the run's instant and the job itself. */
export interface RecomputeTarget {
  userId: string;
  trigger: ScheduleTrigger;
  /** A debounced recompute: the changes that asked for it (none by default). */
  changes?: PlanningChange[];
  /** Nightly: the run's instant (it fixes the day planned). */
  runAt?: Date;
  /** The job being worked on: finished in the transaction that stores the rows. */
  job?: { job: PlanningJob; workerId: string };
}

/** What happened to one account. */
export interface AccountOutcome {
  userId: string;
  /** Per active appliance, for the account's first planned day (today for a re-plan). */
  results: RecomputeResult[];
  /** Appliances that got a new row. */
  written: string[];
  /** Why nothing was planned, when nothing was. */
  exit?: 'no profile' | 'optimization_mode off' | 'superseded';
}

/** History rows kept per appliance and local date by default (SCHEDULE_HISTORY_ROWS_PER_DAY). */
export const DEFAULT_HISTORY_ROWS_PER_DAY = 48;

/** The job was taken over by another worker after this one's lease ran out: its work is not stored. */
class Superseded extends Error {}

/** Wires the recompute over the store and the services it reads. */
export function createRecomputeService(
  store: Store,
  deps: {
    profiles: ProfilesService;
    outdoorForecast: Pick<OutdoorForecastService, 'resolve'>;
    modelRefit: ModelRefitService;
    scheduleEvents: ScheduleEvents;
    schedules: Pick<SchedulesService, 'view'>;
    defaultAdderCentsPerKwh: number;
    /** History rows kept per appliance and local date (the newest); older ones go as new ones are written. */
    historyRowsPerDay?: number;
    /** Synchronous recomputes one account may ask for per minute (0: no limit), counted by `limiter`. */
    recomputeLimit?: { perMinute: number; limiter: Pick<RateLimiter, 'consume'> };
    logger?: Logger;
  },
) {
  const logger = deps.logger ?? log('recompute');
  const historyRowsPerDay = deps.historyRowsPerDay ?? DEFAULT_HISTORY_ROWS_PER_DAY;

  /** The days a target plans: nightly its next local day; otherwise the rest of today, and tomorrow when already planned. */
  function daysOf(target: RecomputeTarget, account: AccountInputs, planned: Map<string, ScheduleRow>, now: Date): PlanningDay[] {
    if (target.runAt) return [nightlyDay(target.runAt, now, account.timeZone)];
    const today = intradayDay(now, account.timeZone);
    const tomorrow = addDays(today.date, 1);
    const isTomorrowPlanned = account.appliances.some((a) => planned.has(`${a.id}|${tomorrow}`));
    return isTomorrowPlanned ? [today, { date: tomorrow, fromSlot: 0 }] : [today];
  }

  /** Stores the rows (and finishes the job) in one transaction. */
  async function write(
    target: RecomputeTarget,
    rows: NewScheduleRow[],
    homes: { userId: string; date: string; plan: HomeBlock }[],
    outcome: string,
  ): Promise<void> {
    if (!target.job && rows.length === 0 && homes.length === 0) return;
    // With a job, the rows and the job's completion commit together, so a commit lost in a
    // database crash loses both and the job runs again: asynchronous commit is safe here and
    // saves a disk flush per account in the nightly run.
    const { job } = target;
    await store.transaction(
      async (transaction) => {
        if (job && !(await store.jobs.finish(job.job.id, job.workerId, outcome, transaction))) throw new Superseded();
        await store.schedules.insert(rows, { transaction });
        await store.schedules.trim(rows, historyRowsPerDay, transaction);
        await store.homePlans.insert(homes, { transaction });
      },
      { isCommitAsync: Boolean(job) },
    );
  }

  /** Plans one account's days and stores them; `previous` holds the newest rows by `appliance|date`. */
  async function planOne(
    dayDeps: DayDeps,
    target: RecomputeTarget,
    account: AccountInputs,
    previous: Map<string, ScheduleRow>,
    now: Date,
  ): Promise<AccountOutcome> {
    const exit = !account.profile ? 'no profile' : account.accountPrefs.optimization_mode === 'off' ? 'optimization_mode off' : null;
    const rows: NewScheduleRow[] = [];
    const homes: { userId: string; date: string; plan: HomeBlock }[] = [];
    let results: RecomputeResult[] = [];
    if (!exit) {
      for (const [i, day] of daysOf(target, account, previous, now).entries()) {
        const ofDay = new Map<string, ScheduleRow>();
        for (const a of account.appliances) {
          const row = previous.get(`${a.id}|${day.date}`);
          if (row) ofDay.set(a.id, row);
        }
        const plan = await planAccountDay(dayDeps, account, day, ofDay, { trigger: target.trigger, changes: target.changes ?? [] }, now);
        rows.push(...plan.rows);
        homes.push({ userId: account.userId, date: day.date, plan: plan.home });
        if (i === 0) results = plan.results;
      }
    }
    // A re-plan identical to the day's newest row adds no history row (and so no schedule_updated nudge).
    const changed = rows.filter((r) => !isUnchangedPlan(previous.get(`${r.appliance_id}|${r.local_date}`), r));
    try {
      const unchanged = rows.length - changed.length;
      await write(target, changed, homes, exit ?? `planned ${rows.length} rows${unchanged ? `, ${unchanged} unchanged` : ''}`);
    } catch (err) {
      if (err instanceof Superseded) return { userId: account.userId, results: [], written: [], exit: 'superseded' };
      throw err;
    }
    const written = [...new Set(changed.map((r) => r.appliance_id))];
    deps.scheduleEvents.schedulesWritten(account.userId, written);
    return { userId: account.userId, results, written, ...(exit && { exit }) };
  }

  /**
   * Plans a page of accounts with batched input queries. Each account is planned and written on
   * its own; an account whose planning throws rejects its entry (the caller decides: the endpoint
   * answers the error, the worker gives the job back).
   */
  async function planAccounts(targets: readonly RecomputeTarget[], now: Date): Promise<PromiseSettledResult<AccountOutcome>[]> {
    const accounts = await loadAccountInputs(
      store,
      targets.map((t) => t.userId),
      now,
    );
    // An account that never needed its profile yet gets it now, from its signup fields, as on any
    // other endpoint; an account gone meanwhile stays without (an early exit).
    for (const account of accounts.filter((a) => !a.profile)) {
      const profile = await deps.profiles.ensure(account.userId).catch((err: unknown) => {
        if (err instanceof AppError) return null;
        throw err;
      });
      if (profile) Object.assign(account, { profile, timeZone: effectiveTimeZone(profile) });
    }
    const dayDeps: DayDeps = { ...deps, dynamicPoints: dynamicPointsLoader(store.prices), readingMeans: store.planningInputs.halfHourMeans };
    const dates = new Set<LocalDate>();
    for (const [i, account] of accounts.entries()) {
      const target = targets[i]!;
      const day = target.runAt ? nightlyDay(target.runAt, now, account.timeZone) : intradayDay(now, account.timeZone);
      dates.add(day.date).add(addDays(day.date, 1));
    }
    const newest = await store.schedules.newest([...new Set(targets.map((t) => t.userId))], [...dates]);
    const previous = new Map(newest.map((r) => [`${r.appliance_id}|${r.local_date}`, r]));
    const outcomes: PromiseSettledResult<AccountOutcome>[] = [];
    for (const [i, account] of accounts.entries()) {
      try {
        outcomes.push({ status: 'fulfilled', value: await planOne(dayDeps, targets[i]!, account, previous, now) });
      } catch (reason) {
        outcomes.push({ status: 'rejected', reason });
      }
    }
    return outcomes;
  }

  return {
    planAccounts,

    /** POST /api/v1/schedule/recompute: re-plans the account now and answers the unified view with results. */
    async recompute(userId: string, now: Date): Promise<RecomputeResponse> {
      const limit = deps.recomputeLimit;
      if (limit) {
        const verdict = await limit.limiter.consume(`recompute:account:${userId}`, limit.perMinute, 60_000);
        if (!verdict.allowed) {
          throw tooManyRequests(
            `Too many recomputes: at most ${limit.perMinute} a minute per account; try again in ${verdict.retryAfterS} seconds`,
            verdict.retryAfterS,
          );
        }
      }
      const [outcome] = await planAccounts([{ userId, trigger: 'recompute' }], now);
      if (outcome!.status === 'rejected') throw outcome!.reason;
      const { results, written, exit } = outcome!.value;
      const statuses = results.map((r) => r.status).join(',');
      logger.info(
        { userId, written: written.length, exit },
        `recompute user=${userId} rows=${written.length} results=[${statuses}]${exit ? ` exit="${exit}"` : ''}`,
      );
      return { ...(await deps.schedules.view(userId, now)), results };
    },
  };
}

export type RecomputeService = ReturnType<typeof createRecomputeService>;
