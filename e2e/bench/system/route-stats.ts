// Latency and outcome of every request the homes make, per route (ids folded to `:id`), measured
// at the client from the request to the last byte of the answer. Only requests sent while
// `recording` is on count (set-up and the final drain are left out).
import { percentile } from '../../../cloud/dist/bench/load.js';

const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+)$/i;

/** `GET /api/v1/appliances/:id/readings` from a method and URL. */
export function routeOf(method: string, url: string): string {
  const { pathname } = new URL(url);
  return `${method} ${pathname.split('/').map((s) => (ID_SEGMENT.test(s) ? ':id' : s)).join('/')}`;
}

interface RouteTally {
  latenciesMs: number[];
  errors: number;
  firstError: string | null;
}

export class RouteStats {
  recording = false;
  private readonly routes = new Map<string, RouteTally>();

  private tally(route: string): RouteTally {
    let t = this.routes.get(route);
    if (!t) this.routes.set(route, (t = { latenciesMs: [], errors: 0, firstError: null }));
    return t;
  }

  record(route: string, ms: number, status: number, detail?: string): void {
    if (!this.recording) return;
    const t = this.tally(route);
    t.latenciesMs.push(ms);
    // 2xx is success; a 304 would be too, the API sends none.
    if (status < 200 || status >= 300) {
      t.errors++;
      t.firstError ??= `${status === 0 ? 'network' : status} ${detail ?? ''}`.slice(0, 200);
    }
  }

  /** Per route, busiest first: count, errors, p50 and p99 in ms. */
  summary(): { route: string; requests: number; errors: number; firstError: string | null; p50Ms: number; p99Ms: number }[] {
    return [...this.routes.entries()]
      .map(([route, t]) => {
        const sorted = [...t.latenciesMs].sort((a, b) => a - b);
        return { route, requests: sorted.length, errors: t.errors, firstError: t.firstError, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99) };
      })
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

  /** Every recorded latency (for the all-routes row), excluding `except`. */
  allLatencies(except: (route: string) => boolean): number[] {
    return [...this.routes.entries()].filter(([r]) => !except(r)).flatMap(([, t]) => t.latenciesMs).sort((a, b) => a - b);
  }
}

/**
 * `fetch` that records each call's route, latency and status in `stats`; both clients (the
 * add-on's session and the satellite's cloud client) take it as their fetch.
 */
export function timedFetch(stats: RouteStats): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const route = routeOf(init?.method ?? 'GET', url);
    const t0 = performance.now();
    let res: Response;
    let body: ArrayBuffer;
    try {
      res = await fetch(input, init);
      body = await res.arrayBuffer();
    } catch (e) {
      // A poll abandoned on stop is no failure of the cloud.
      if (!init?.signal?.aborted) stats.record(route, performance.now() - t0, 0, e instanceof Error ? e.message : String(e));
      throw e;
    }
    const ms = performance.now() - t0;
    stats.record(route, ms, res.status, res.ok ? undefined : Buffer.from(body).toString('utf8'));
    return new Response(res.status === 204 ? null : body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
