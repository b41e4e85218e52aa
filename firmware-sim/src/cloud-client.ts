// One typed function per endpoint the device calls (interface 4.13, 4.9, 4.16-4.17). Every failure
// becomes a CloudError carrying the HTTP status (0 when the cloud could not be reached) and the
// body's `detail`, and says whether retrying can help.
import type { HvacReadingInput, ReadingsAccepted } from '@offpeak/cloud/contract';
import type { ApplianceScheduleResponse, ClaimRequest, ClaimResponse, DeviceCommand, DeviceConfig, StateReport, StateReportResponse } from './wire.js';

/** A failed call: `status` 0 means the cloud was unreachable (network error or timeout). */
export class CloudError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly path: string,
  ) {
    super(`${path}: ${status === 0 ? 'unreachable' : status} ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
    this.name = 'CloudError';
  }

  /** The cloud is down or busy: try again later (network, timeout, 408, 429, 5xx). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }

  /** The device's credentials or binding are gone (401, 403): stop and report, retrying cannot help. */
  get credentialsRejected(): boolean {
    return this.status === 401 || this.status === 403;
  }
}

/** Options of the client. */
export interface CloudClientOptions {
  baseUrl: string;
  token?: string | null;
  /** Per-request timeout for ordinary calls, ms (a long-poll adds its wait). Default 15000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told about every call's outcome: the runner tracks reachability with it. */
  observe?: (outcome: { ok: true } | { ok: false; error: CloudError }) => void;
}

/** The device's view of the cloud API. */
export interface CloudClient {
  setToken(token: string | null): void;
  claim(body: ClaimRequest): Promise<ClaimResponse>;
  config(): Promise<DeviceConfig>;
  schedule(applianceId: string): Promise<ApplianceScheduleResponse>;
  /** Long-poll: parks up to `waitS` seconds server-side; `signal` abandons it. */
  commands(waitS: number, signal?: AbortSignal): Promise<DeviceCommand[]>;
  state(report: StateReport): Promise<StateReportResponse>;
  pushReadings(readings: HvacReadingInput[]): Promise<ReadingsAccepted>;
}

/** A client for the cloud at `baseUrl`. */
export function createCloudClient(options: CloudClientOptions): CloudClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token = options.token ?? null;

  async function call<T>(method: string, path: string, body?: unknown, extra: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<T> {
    const signals = [AbortSignal.timeout(extra.timeoutMs ?? timeoutMs), ...(extra.signal ? [extra.signal] : [])];
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any(signals),
      });
    } catch (e) {
      // The caller giving up is not an outage: let its abort reason through untouched.
      if (extra.signal?.aborted) throw extra.signal.reason;
      return fail(new CloudError(0, e instanceof Error ? e.message : String(e), path));
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (a proxy's error page): keep the text as the detail.
    }
    if (!res.ok) {
      const detail = parsed && typeof parsed === 'object' && 'detail' in parsed ? (parsed as { detail: unknown }).detail : parsed;
      return fail(new CloudError(res.status, detail, path));
    }
    options.observe?.({ ok: true });
    return parsed as T;
  }

  function fail(error: CloudError): never {
    options.observe?.({ ok: false, error });
    throw error;
  }

  return {
    setToken: (t) => {
      token = t;
    },
    claim: (body) => call('POST', '/api/v1/devices/claim', body),
    config: () => call('GET', '/api/v1/devices/config'),
    schedule: (applianceId) => call('GET', `/api/v1/appliances/${encodeURIComponent(applianceId)}/schedule`),
    commands: (waitS, signal) => call('GET', `/api/v1/devices/commands?wait=${Math.max(0, Math.round(waitS))}`, undefined, { signal, timeoutMs: timeoutMs + waitS * 1000 }),
    state: (report) => call('POST', '/api/v1/devices/state', report),
    pushReadings: (readings) => call('POST', '/api/v1/readings', { readings }),
  };
}
