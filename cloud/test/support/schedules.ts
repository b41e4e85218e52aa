import { expect } from 'vitest';
import type { ThermalModel } from '../../src/domain/thermal/fit.js';
import { addDays, localDateOf } from '../../src/domain/time/slot-grid.js';
import type { RunningCloud } from '../../src/server.js';
import type { NewScheduleRow } from '../../src/store/schedules-repo.js';
import { rows } from './readings.js';

/** A plausible fitted model: a 10-hour time constant, 4 F/h of cooling or heating at full duty. */
export const TEST_MODEL: ThermalModel = {
  params: { lossPerHour: 0.1, coolingFPerHour: -4, heatingFPerHour: 4, gainFPerHour: 0.8 },
  gridMinutes: 30,
  ratedPowerW: { cool: null, heat: null },
  stats: { samples: 480, spanHours: 240, residualRmseF: 0.2, heldOutSamples: 96, heldOutRmseF: 0.25, freeRun24hRmseF: 0.8 },
  confidence: 0.607,
};

/** Stores a model for an HVAC, so it is past warm-up. */
export const saveModel = (cloud: RunningCloud, applianceId: string, model: ThermalModel = TEST_MODEL) =>
  cloud.store.thermalModels.save(applianceId, model, new Date());

/** Local today (and yesterday, tomorrow) of a zone. */
export const localToday = (timeZone = 'UTC', now = new Date()) => localDateOf(now, timeZone);
export const localYesterday = (timeZone = 'UTC') => addDays(localToday(timeZone), -1);
export const localTomorrow = (timeZone = 'UTC') => addDays(localToday(timeZone), 1);

/** Stores a schedule row directly (rows of past days, or rows the planner would not write). */
export async function insertRow(
  cloud: RunningCloud,
  row: Pick<NewScheduleRow, 'user_id' | 'appliance_id' | 'local_date' | 'schedule'> & Partial<NewScheduleRow>,
): Promise<void> {
  await cloud.store.schedules.insert([
    {
      source: 'optimization',
      mode: null,
      estimated_savings_pct: 0,
      model_confidence: null,
      baseline_cost_cents: 0,
      optimized_cost_cents: 0,
      savings_pct: 0,
      from_slot: 0,
      trigger: 'recompute',
      changes: [],
      constraints_used: {},
      missed: [],
      ...row,
    },
  ]);
}

/** The stored schedule rows of an appliance (all dates), oldest first. */
export const storedRows = (cloud: RunningCloud, applianceId: string) =>
  rows<{ id: number; local_date: string; schedule: Record<string, any>; source: string; trigger: string; from_slot: number; created_at: Date }>(
    cloud,
    `SELECT id, local_date::text AS local_date, schedule, source, trigger, from_slot, created_at FROM schedules WHERE appliance_id = $1 ORDER BY created_at, id`,
    [applianceId],
  );

/** An appliance's newest schedule row of a local date: what it serves for that date now. */
export async function newestRow(cloud: RunningCloud, applianceId: string, localDate: string) {
  const [row] = await rows<{ schedule: Record<string, any>; constraints_used: Record<string, unknown>; trigger: string }>(
    cloud,
    'SELECT schedule, constraints_used, trigger FROM schedules WHERE appliance_id = $1 AND local_date = $2 ORDER BY created_at DESC, id DESC LIMIT 1',
    [applianceId, localDate],
  );
  return row!;
}

/** How many schedule rows an account has. */
export const rowCount = async (cloud: RunningCloud, userId: string) =>
  (await rows<{ n: number }>(cloud, `SELECT count(*)::int AS n FROM schedules WHERE user_id = $1`, [userId]))[0]!.n;

/** An HVAC schedule body of 48 slots with every setpoint at `setpoint`. */
export const hvacBody = (setpoint: number, band: [number, number] = [70, 74]) => ({
  intervals: Array.from({ length: 48 }, (_, i) => i),
  high_temps: Array(48).fill(band[1]),
  low_temps: Array(48).fill(band[0]),
  setpoint_temps: Array(48).fill(setpoint),
  temp_trajectory: Array(48).fill(setpoint),
});

/**
 * `hours` of 5-minute HVAC readings ending `endAt` from a simulated house cooled by a thermostat
 * (on above 74 F, off below 72 F) on a warm day: continuous, running and resting, enough to end
 * a warm-up once there are 48 hours of them.
 */
export function warmupReadings(hours: number, endAt = new Date()): Record<string, unknown>[] {
  const stepH = 5 / 60;
  const count = Math.round(hours / stepH);
  const out: Record<string, unknown>[] = [];
  let temp = 73;
  let cooling = false;
  for (let k = 0; k <= count; k++) {
    const at = new Date(endAt.getTime() - (count - k) * 5 * 60_000);
    const hour = at.getUTCHours() + at.getUTCMinutes() / 60;
    const outdoor = 82 + 8 * Math.sin((2 * Math.PI * (hour - 9)) / 24);
    if (temp > 74) cooling = true;
    if (temp < 72) cooling = false;
    out.push({
      timestamp: at.toISOString(),
      indoor_temp: Math.round(temp * 10) / 10,
      hvac_state: 'COOL',
      hvac_action: cooling ? 'cooling' : 'idle',
      outdoor_temp: Math.round(outdoor * 10) / 10,
    });
    temp += stepH * (0.15 * (outdoor - temp) + (cooling ? -5 : 0) + 0.5);
  }
  return out;
}

/** A stored body without reasons (`insertRow`'s rows) as the API serves it: `not_planned` in every slot and a sentence saying so. */
export const servedWithoutReasons = (body: Record<string, unknown>, source: 'optimization' | 'defaults' = 'optimization') => ({
  ...body,
  reasons_48: Array.from({ length: 48 }, () => ({ code: 'not_planned', price_cents: null })),
  summary: source === 'optimization' ? expect.stringMatching(/without recorded reasons/) : expect.stringMatching(/no plan/),
});
