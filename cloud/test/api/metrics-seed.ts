// Seeding for the metrics and rankings tests: homes with fixed past days of schedules and
// readings, stored straight through the store (the job reads what the API would have stored).
import type { RunningCloud } from '../../src/server.js';
import type { DailyMetricsOptions } from '../../src/services/daily-metrics-job.js';
import type { NewHvacReading } from '../../src/store/models/index.js';
import { apiClient, signUp } from '../support/http.js';
import { insertRow } from '../support/schedules.js';

/** Chicago in June is UTC-5: local midnight of `date` is 05:00Z. */
export const chicagoSlotStart = (date: string, slot: number) => new Date(Date.parse(`${date}T05:00:00Z`) + slot * 30 * 60_000);

/** A custom tariff: 10 c/kWh, 30 c/kWh from 16:00 to 21:00 (slots 32-41). */
export const HOURLY_RATES = Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 30 : 10));
export const SLOT_PRICES = Array.from({ length: 48 }, (_, s) => HOURLY_RATES[Math.floor(s / 2)]!);

/** Signs up a home with a profile (ZIP, hence time zone) and, optionally, the custom tariff. */
export async function seedHome(cloud: RunningCloud, opts: { zip: string; customRates?: boolean }) {
  const api = apiClient(cloud.url);
  const user = await signUp(api, { location_zip: opts.zip });
  await api.get('/auth/me', { token: user.token });
  if (opts.customRates) {
    const res = await api.put('/api/v1/rates', { hourly_rates_cents_per_kwh: HOURLY_RATES }, { token: user.token });
    if (res.status !== 200) throw new Error(`rates: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return user;
}

/** An HVAC schedule body: band [low, high] all day, every setpoint at `setpoint` (null: a defaults row). */
export const hvacPlanBody = (low: number, high: number, setpoint: number | null) => ({
  intervals: Array.from({ length: 48 }, (_, i) => i),
  high_temps: Array<number>(48).fill(high),
  low_temps: Array<number>(48).fill(low),
  setpoint_temps: setpoint === null ? null : Array<number>(48).fill(setpoint),
  temp_trajectory: setpoint === null ? null : Array<number>(48).fill(setpoint),
});

/** An EV schedule body on in the given slots. */
export const evPlanBody = (onSlots: number[]) => ({
  intervals: Array.from({ length: 48 }, (_, s) => onSlots.includes(s)),
  value_trajectory: Array<number>(48).fill(50),
  unit: 'percent',
});

/** Stores a schedule row of a past day with its costs (cents). */
export async function seedPlan(
  cloud: RunningCloud,
  row: {
    userId: string;
    applianceId: string;
    date: string;
    schedule: Record<string, unknown>;
    baseline: number;
    optimized: number;
    used?: Record<string, unknown>;
    createdAt?: Date;
  },
) {
  await insertRow(cloud, {
    user_id: row.userId,
    appliance_id: row.applianceId,
    local_date: row.date,
    schedule: row.schedule,
    source: row.schedule.setpoint_temps === null ? 'defaults' : 'optimization',
    baseline_cost_cents: row.baseline,
    optimized_cost_cents: row.optimized,
    constraints_used: row.used ?? {},
  });
  if (row.createdAt) {
    await cloud.db.query(`UPDATE schedules SET created_at = $1 WHERE id = (SELECT max(id) FROM schedules WHERE appliance_id = $2)`, {
      bind: [row.createdAt, row.applianceId],
    });
  }
}

/** Stores HVAC readings of one appliance. */
export async function seedHvacReadings(cloud: RunningCloud, userId: string, applianceId: string, readings: Partial<NewHvacReading>[]) {
  const rows: NewHvacReading[] = readings.map((r) => ({
    user_id: userId,
    appliance_id: applianceId,
    ts: new Date(0),
    indoor_temp: 72,
    hvac_state: 'COOL',
    indoor_humidity: null,
    outdoor_temp: null,
    target_temp: null,
    fan_mode: null,
    power_watts: null,
    hvac_action: null,
    commanded_hvac_mode: null,
    commanded_fan_mode: null,
    commanded_setpoint: null,
    indoor_source: null,
    override_active: null,
    room_target: null,
    target_temp_step: null,
    target_temp_step_unit: null,
    client: null,
    source: 'user',
    ...r,
  }));
  await cloud.store.transaction((transaction) => cloud.store.readings.insertHvac(rows, { transaction }));
}

/** Runs the daily metrics job as a backfill of fixed past days (now: the day after `end`, noon UTC). */
export function backfill(cloud: RunningCloud, start: string, end: string, extra: Partial<DailyMetricsOptions> = {}) {
  const now = new Date(Date.parse(`${end}T12:00:00Z`) + 86_400_000);
  return cloud.services.dailyMetrics.run({ now, range: { start, end }, ...extra });
}
