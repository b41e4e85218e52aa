import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeReply } from '../../src/testing/fake-price-feed.js';

const HOUR_MS = 3_600_000;

/**
 * An Open-Meteo forecast body stamped in GMT: `hours` hourly values from `firstHour`. Temperatures
 * hold at each stamp; irradiance is the mean over the hour before it, like the real feed.
 */
export function openMeteoBody(firstHour: Date, hours: number, tempF: (at: Date) => number, ghiWm2: ((hourEnd: Date) => number) | null = null): string {
  const stamps = Array.from({ length: hours }, (_, k) => new Date(firstHour.getTime() + k * HOUR_MS));
  const hourly: Record<string, unknown> = {
    time: stamps.map((t) => t.toISOString().slice(0, 16)),
    temperature_2m: stamps.map(tempF),
  };
  if (ghiWm2) {
    hourly.shortwave_radiation = stamps.map(ghiWm2);
    hourly.diffuse_radiation = stamps.map((t) => ghiWm2(t) * 0.3);
  }
  return JSON.stringify({ latitude: 0, longitude: 0, timezone: 'GMT', utc_offset_seconds: 0, hourly });
}

/**
 * A loopback Open-Meteo: GET /v1/forecast answers per location (the latitude and longitude query
 * parameters at 0.1 degree, as "lat,lon") what the test set with `serve`; unknown places get 404.
 */
export async function startFakeOpenMeteo() {
  const replies = new Map<string, FakeReply>();
  const hits = new Map<string, number>();
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url);
    const key = `${Number(url.searchParams.get('latitude'))},${Number(url.searchParams.get('longitude'))}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const reply = url.pathname === '/v1/forecast' ? replies.get(key) : undefined;
    if (!reply) return void res.writeHead(404).end('not found');
    const { body = '', status = 200, delayMs = 0 } = reply;
    const timer = setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(body), delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Every request received, in order. */
    requests,
    /** Answers requests for a location key ("41.9,-87.6") with `reply`. */
    serve(key: string, reply: FakeReply) {
      replies.set(key, reply);
    },
    /** How many requests arrived for a location key. */
    hitsFor: (key: string) => hits.get(key) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeOpenMeteo = Awaited<ReturnType<typeof startFakeOpenMeteo>>;
