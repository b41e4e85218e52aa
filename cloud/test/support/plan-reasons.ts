// What the plan-reasons API tests share: a cloud whose clock starts five minutes past midnight UTC
// on a fixed day (a recompute of a UTC account plans the whole day, under the same sun and seasonal
// weather whenever the suite runs), and readers of a schedule's slots.
import { expect } from 'vitest';
import type { ApiClient } from './http.js';
import { realSpeedClockFrom, useTestCloud, type CloudFixture } from './test-cloud.js';

/** Where the plan-reasons tests' clock starts: 00:05 UTC on a November day. */
export const FIVE_PAST_MIDNIGHT = Date.parse('2026-11-18T00:05:00Z');

/** The file's test cloud, its clock from FIVE_PAST_MIDNIGHT, running at real speed. */
export function useCloudAtMidnight(): CloudFixture {
  return useTestCloud({ clock: realSpeedClockFrom(FIVE_PAST_MIDNIGHT).setting });
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
