// What the plan-reasons API tests share: a cloud whose clock starts five minutes past midnight UTC
// today (a recompute of a UTC account plans the whole day), and readers of a schedule's slots.
import { expect } from 'vitest';
import type { ApiClient } from './http.js';
import { useTestCloud, type CloudFixture } from './test-cloud.js';

/** The file's test cloud, on today's clock from 00:05 UTC, running at real speed. */
export function useCloudAtMidnight(): CloudFixture {
  const midnight = new Date();
  midnight.setUTCHours(0, 5, 0, 0);
  return useTestCloud({ clock: { startMs: midnight.getTime(), anchorMs: Date.now(), rate: 1 } });
}

/** The slot of a wall-clock "HH:MM". */
export const slotOf = (clock: string): number => Number(clock.slice(0, 2)) * 2 + (clock.slice(3, 5) === '30' ? 1 : 0);

/** The price of a slot on a curve of 24 hourly prices. */
export const hourlyPrice = (hourly: readonly number[], slot: number): number => hourly[Math.floor(slot / 2)]!;

/** Recomputes the account and returns each appliance's schedule by id. */
export async function recomputeSchedules(api: ApiClient, token: string): Promise<Map<string, Record<string, any>>> {
  const res = await api.post('/api/v1/schedule/recompute', undefined, { token });
  expect(res.status).toBe(200);
  return new Map(res.body.appliances.map((a: any) => [a.appliance_id, a.schedule]));
}

/** The slots whose reason has `code`. */
export const slotsWith = (reasons: { code: string }[], code: string): number[] => reasons.flatMap((r, i) => (r.code === code ? [i] : []));
