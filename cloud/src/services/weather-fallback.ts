// The fallback weather feed (Open-Meteo) behind a per-location cache: the nightly run over thousands
// of accounts asks once per ZIP area, concurrent askers share one request, a failure is remembered
// for a while, and after several failures in a row the feed is left alone for a pause, so an outage
// costs a few timeouts rather than one per account. The cache is per instance (it only saves
// requests; losing it loses nothing).
import { openMeteoUrl, parseOpenMeteo, type FallbackWeather } from '../domain/forecast/open-meteo.js';
import { fetchFeedBody } from './feed-http.js';

export interface WeatherFallbackConfig {
  weatherFallbackBaseUrl: string;
  weatherFallbackTimeoutMs: number;
  weatherFallbackCacheMinutes: number;
}

export type FallbackResult = { ok: true; weather: FallbackWeather } | { ok: false; reason: string };

/** How long a failed location is not asked again. */
export const FAILURE_CACHE_MS = 15 * 60_000;
/** Consecutive failures (any locations) after which the feed is paused... */
export const FAILURES_BEFORE_PAUSE = 5;
/** ...for this long. */
export const PAUSE_MS = 10 * 60_000;
// More locations than the ZIP3 table has; beyond it expired entries go first, then the oldest.
const MAX_ENTRIES = 5_000;

interface Entry {
  /** Infinity while the request is in flight. */
  expiresAtMs: number;
  result: Promise<FallbackResult>;
}

/** The fallback feed client; `weatherAt` never rejects. */
export function createWeatherFallback(config: WeatherFallbackConfig) {
  const cache = new Map<string, Entry>();
  let consecutiveFailures = 0;
  let pausedUntilMs = 0;

  async function request(location: { lat: number; lon: number }): Promise<FallbackResult> {
    let body: Buffer;
    try {
      body = await fetchFeedBody(
        { url: openMeteoUrl(config.weatherFallbackBaseUrl, location) },
        {
          timeoutMs: config.weatherFallbackTimeoutMs,
          retries: 0, // the seasonal default is always there; a retry would only slow the nightly run
          retryDelayMs: 0,
        },
      );
    } catch (err) {
      return { ok: false, reason: `fallback feed failed: ${(err as Error).message}` };
    }
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return { ok: false, reason: 'fallback feed answered with invalid JSON' };
    }
    const parsed = parseOpenMeteo(json);
    return parsed.ok ? parsed : { ok: false, reason: `fallback feed answer unusable: ${parsed.reason}` };
  }

  function prune(nowMs: number): void {
    if (cache.size < MAX_ENTRIES) return;
    for (const [key, entry] of cache) if (entry.expiresAtMs <= nowMs) cache.delete(key);
    for (const key of cache.keys()) {
      if (cache.size < MAX_ENTRIES) break;
      cache.delete(key);
    }
  }

  return {
    /** The weather at a keyed location (ForecastLocation.key), from the cache while fresh. */
    weatherAt(location: { lat: number; lon: number; key: string }, now: Date): Promise<FallbackResult> {
      const nowMs = now.getTime();
      const cached = cache.get(location.key);
      if (cached && cached.expiresAtMs > nowMs) return cached.result;
      if (pausedUntilMs > nowMs) {
        return Promise.resolve({ ok: false, reason: `fallback feed paused after ${FAILURES_BEFORE_PAUSE} consecutive failures` });
      }
      prune(nowMs);
      const result = request(location).then((r) => {
        consecutiveFailures = r.ok ? 0 : consecutiveFailures + 1;
        if (consecutiveFailures >= FAILURES_BEFORE_PAUSE) pausedUntilMs = nowMs + PAUSE_MS;
        entry.expiresAtMs = nowMs + (r.ok ? config.weatherFallbackCacheMinutes * 60_000 : FAILURE_CACHE_MS);
        return r;
      });
      const entry: Entry = { expiresAtMs: Infinity, result };
      cache.set(location.key, entry);
      return entry.result;
    },
  };
}
