// Latency and outcome of every request the homes make, per route (ids folded to `:id`), measured
// at the client from the request to the last byte of the answer, and where in the half hour (on
// the fleet's simulated clock) each was sent: the shape of the latency (timeline.ts). Only
// requests sent while `recording` is on count (set-up and the final drain are left out). A worker
// process's stats travel to the parent as `RouteStatsData` and are merged there.
import { createWriteStream, type WriteStream } from 'node:fs';
import path from 'node:path';
import { rankAbove } from '@offpeak/cloud/bench';

const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;
const MINUTE = 60_000;
/** The satellites' parked poll answers after its wait (1 s) by design: counted, no latency target. */
export const LONG_POLL_ROUTE = 'GET /api/v1/devices/commands';

/** `GET /api/v1/appliances/:id/readings` from a method and URL. */
export function routeOf(method: string, url: string): string {
  const { pathname } = new URL(url);
  return `${method} ${pathname
    .split('/')
    .map((s) => (ID_SEGMENT.test(s) ? ':id' : s))
    .join('/')}`;
}

interface RouteTally {
  latenciesMs: number[];
  errors: number;
  firstError: string | null;
}

/** What a process recorded, as plain data (sent from a worker to the parent). */
export interface RouteStatsData {
  routes: [string, RouteTally][];
  /** Latencies (all routes but the long-poll) by simulated minute of the half hour they were sent in. */
  byMinute: number[][];
}

export class RouteStats {
  recording = false;
  private readonly routes = new Map<string, RouteTally>();
  private readonly minutes: number[][] = Array.from({ length: 30 }, () => []);
  private windowMs: number[] = [];
  /**
   * `BENCH_TRACE=DIR`: one line per recorded request (simulated send time ISO, route, ms, status)
   * in DIR/homes-<pid>.tsv, to see when the slow ones happen (docs/system-tests.md "Load: npm run bench:system").
   */
  private readonly trace: WriteStream | null = process.env.BENCH_TRACE
    ? createWriteStream(path.join(process.env.BENCH_TRACE, `homes-${process.pid}.tsv`))
    : null;

  private tally(route: string): RouteTally {
    let t = this.routes.get(route);
    if (!t) this.routes.set(route, (t = { latenciesMs: [], errors: 0, firstError: null }));
    return t;
  }

  /** One answer (or failure) of `route` after `ms`, sent at simulated `sentSimMs` (fleet clock). */
  record(route: string, ms: number, status: number, detail: string | undefined, sentSimMs: number): void {
    if (!this.recording) return;
    const t = this.tally(route);
    t.latenciesMs.push(ms);
    this.trace?.write(`${new Date(sentSimMs).toISOString()}\t${route}\t${ms.toFixed(1)}\t${status}\n`);
    // 2xx is success; a 304 would be too, the API sends none.
    if (status < 200 || status >= 300) {
      t.errors++;
      t.firstError ??= `${status === 0 ? 'network' : status} ${detail ?? ''}`.slice(0, 200);
    }
    if (route === LONG_POLL_ROUTE) return;
    const minute = Math.floor((((sentSimMs % (30 * MINUTE)) + 30 * MINUTE) % (30 * MINUTE)) / MINUTE);
    this.minutes[minute]!.push(ms);
    this.windowMs.push(ms);
  }

  /** Per route, busiest first: count, errors, p50 and p99 in ms. */
  summary(): { route: string; requests: number; errors: number; firstError: string | null; p50Ms: number; p99Ms: number }[] {
    return [...this.routes.entries()]
      .map(([route, t]) => ({
        route,
        requests: t.latenciesMs.length,
        errors: t.errors,
        firstError: t.firstError,
        p50Ms: rankAbove(t.latenciesMs, 0.5),
        p99Ms: rankAbove(t.latenciesMs, 0.99),
      }))
      .sort((a, b) => b.requests - a.requests);
  }

  /** Requests and errors so far, all routes. */
  totals(): { requests: number; errors: number } {
    let requests = 0;
    let errors = 0;
    for (const t of this.routes.values()) {
      requests += t.latenciesMs.length;
      errors += t.errors;
    }
    return { requests, errors };
  }

  /** Latencies (all routes but the long-poll) since the last call, and resets them: a progress line's p99. */
  takeWindow(): number[] {
    const w = this.windowMs;
    this.windowMs = [];
    return w;
  }

  /** Every recorded latency (for the all-routes row), excluding `except`. */
  allLatencies(except: (route: string) => boolean): number[] {
    return [...this.routes.entries()].filter(([r]) => !except(r)).flatMap(([, t]) => t.latenciesMs);
  }

  /** Latencies (all routes but the long-poll) by simulated minute of the half hour they were sent in. */
  byMinute(): readonly number[][] {
    return this.minutes;
  }

  /** Flushes the trace file, if any. */
  closeTrace(): Promise<void> {
    return new Promise((resolve) => (this.trace ? this.trace.end(resolve) : resolve()));
  }

  data(): RouteStatsData {
    return { routes: [...this.routes.entries()], byMinute: this.minutes };
  }

  /** Adds another process's recording to this one. */
  merge(d: RouteStatsData): void {
    for (const [route, t] of d.routes) {
      const mine = this.tally(route);
      for (const ms of t.latenciesMs) mine.latenciesMs.push(ms);
      mine.errors += t.errors;
      mine.firstError ??= t.firstError;
    }
    d.byMinute.forEach((ms, i) => ms.forEach((v) => this.minutes[i]!.push(v)));
  }
}

/**
 * `fetch` that records each call's route, latency, status and simulated send time in `stats`;
 * both clients (the add-on's session and the satellite's cloud client) take it as their fetch.
 */
export function timedFetch(stats: RouteStats, simNow: () => number, agentFetch: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = routeOf(init?.method ?? 'GET', url);
    const sentSimMs = simNow();
    const t0 = performance.now();
    let res: Response;
    let body: ArrayBuffer;
    try {
      res = await agentFetch(input, init);
      body = await res.arrayBuffer();
    } catch (e) {
      // A poll abandoned on stop is no failure of the cloud; a client's timeout (its signal's
      // reason a TimeoutError) is one: such requests used to be left out of the figures.
      const reason: unknown = init?.signal?.reason;
      const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
      if (!init?.signal?.aborted || timedOut)
        stats.record(route, performance.now() - t0, 0, timedOut ? `timed out: ${reason.message}` : e instanceof Error ? e.message : String(e), sentSimMs);
      throw e;
    }
    const ms = performance.now() - t0;
    stats.record(route, ms, res.status, res.ok ? undefined : Buffer.from(body).toString('utf8'), sentSimMs);
    return new Response(res.status === 204 ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
