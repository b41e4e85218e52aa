// One typed function per endpoint the device calls. Every failure
// becomes a CloudError carrying the HTTP status (0 when the cloud could not be reached) and the
// body's `detail` (@offpeak/client-kit), and says whether retrying can help.
import { jsonRequest, readCloudAnswer, unreachable, type CloudError } from '@offpeak/client-kit';
import type { HvacReadingInput, ReadingsAccepted } from '@offpeak/cloud/contract';
import type { ApplianceScheduleResponse, ClaimRequest, ClaimResponse, DeviceCommand, DeviceConfig, StateReport, StateReportResponse } from './wire.js';

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
      res = await doFetch(base + path, { ...jsonRequest(method, body, token), signal: AbortSignal.any(signals) });
    } catch (e) {
      // The caller giving up is not an outage: let its abort reason through untouched.
      if (extra.signal?.aborted) throw extra.signal.reason;
      return fail(unreachable(e, path));
    }
    let answer: T;
    try {
      answer = await readCloudAnswer<T>(res, path);
    } catch (e) {
      return fail(e as CloudError);
    }
    options.observe?.({ ok: true });
    return answer;
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
    commands: (waitS, signal) =>
      call('GET', `/api/v1/devices/commands?wait=${Math.max(0, Math.round(waitS))}`, undefined, { signal, timeoutMs: timeoutMs + waitS * 1000 }),
    state: (report) => call('POST', '/api/v1/devices/state', report),
    pushReadings: (readings) => call('POST', '/api/v1/readings', { readings }),
  };
}
