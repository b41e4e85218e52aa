// Synthetic accounts for the nightly benchmark, written with a few bulk INSERTs: time zones from
// Hawaii to Sydney, zone, custom and dynamic tariffs, an HVAC in every home (most past warm-up),
// and EVs, batteries, water heaters, solar, robots and dehumidifiers in realistic shares.
import { randomUUID } from 'node:crypto';
import type { Sequelize } from 'sequelize';
import { catalogIds } from '../../domain/tariffs/catalog.js';
import { addDays, dayBoundsUtc, localDateOf } from '../../domain/time/slot-grid.js';

const PLACES: [timezone: string, zip: string][] = [
  ['America/New_York', '10001'],
  ['America/Chicago', '60601'],
  ['America/Denver', '80202'],
  ['America/Los_Angeles', '94103'],
  ['America/Phoenix', '85004'],
  ['America/New_York', '33101'],
  ['America/Chicago', '77002'],
  ['Pacific/Honolulu', '96813'],
  ['Europe/London', ''],
  ['Europe/Berlin', ''],
  ['Asia/Tokyo', ''],
  ['Australia/Sydney', ''],
];

/** Share of homes with each type besides their HVAC. */
const SHARES: [type: string, share: number][] = [
  ['ev_charger', 0.4],
  ['water_heater', 0.5],
  ['home_battery', 0.2],
  ['solar', 0.3],
  ['robot', 0.15],
  ['dehumidifier', 0.1],
];

const CONFIGS: Record<string, Record<string, unknown>> = {
  hvac: { entity_id: 'climate.home', hvac_type: 'central_ac', home_size_sqft: 2000 },
  ev_charger: { entity_id: 'switch.car', battery_capacity_kwh: 75, max_charge_rate_kw: 7.2, efficiency: 0.9 },
  water_heater: { entity_id: 'switch.water_heater', tank_size_gallons: 50, element_watts: 4500, insulation_factor: 0.015 },
  home_battery: { entity_id: 'switch.battery', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 },
  solar: { system_size_kw: 7, tilt_degrees: 22, azimuth_degrees: 180 },
  robot: { entity_id: 'vacuum.robot', battery_capacity_kwh: 0.08, max_charge_rate_kw: 0.04 },
  dehumidifier: { entity_id: 'humidifier.basement', indoor_temp_entity_id: 'sensor.basement' },
};

const CONSTRAINTS: Record<string, Record<string, unknown>> = {
  ev_charger: { target_charge_pct: 80, min_charge_pct: 20, deadline_time: '07:00', current_charge_pct: 40 },
  water_heater: { min_temp_f: 115, max_temp_f: 140 },
  home_battery: { target_charge_pct: 90, min_charge_pct: 15, deadline_time: '17:00' },
  robot: { target_charge_pct: 100, min_charge_pct: 25, tasks_window_start: '10:00', tasks_window_end: '12:00' },
};

const DYNAMIC_ZONE = 'pjm-dom';

/** A deterministic pseudo-random stream (the same accounts every run). */
function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
}

/** One INSERT ... SELECT FROM unnest of parallel arrays. */
async function insertColumns(db: Sequelize, table: string, columns: [name: string, type: string][], values: unknown[][]): Promise<void> {
  if (values.length === 0) return;
  const names = columns.map(([n]) => n).join(', ');
  const arrays = columns.map(([, t], i) => `$${i + 1}::${t === 'jsonb' ? 'text' : t}[]`).join(', ');
  const select = columns.map(([n, t]) => (t === 'jsonb' ? `${n}::jsonb` : n)).join(', ');
  const bind = columns.map((_, i) => values.map((row) => row[i] ?? null));
  await db.query(`INSERT INTO ${table} (${names}) SELECT ${select} FROM unnest(${arrays}) AS t(${names})`, { bind });
}

/** Seeds `count` accounts planned by the run at `runAt`; returns how many appliances they have. */
export async function seedAccounts(db: Sequelize, count: number, runAt: Date): Promise<number> {
  const next = random(42);
  const plans = catalogIds();
  const users: unknown[][] = [];
  const profiles: unknown[][] = [];
  const rates: unknown[][] = [];
  const prefs: unknown[][] = [];
  const appliances: unknown[][] = [];
  const constraints: unknown[][] = [];
  const models: unknown[][] = [];
  const readings: unknown[][] = [];
  const pushes: unknown[][] = [];
  for (let i = 0; i < count; i++) {
    const userId = randomUUID();
    const [timezone, zip] = PLACES[i % PLACES.length]!;
    users.push([userId, `nightly-${i}@bench.example`, 'not-a-hash']);
    profiles.push([userId, zip, plans[i % plans.length], timezone]);
    const tariff = next();
    if (tariff < 0.1) rates.push([userId, 'dynamic', null, DYNAMIC_ZONE]);
    else if (tariff < 0.25) rates.push([userId, 'custom', JSON.stringify(Array.from({ length: 24 }, (_, h) => (h >= 16 && h < 21 ? 38 : 14))), null]);
    if (next() < 0.5)
      prefs.push([
        userId,
        JSON.stringify({
          base_temperature: 70 + Math.floor(next() * 6),
          savings_level: 1 + Math.floor(next() * 3),
          optimization_mode: next() < 0.2 ? 'auto' : 'cool',
        }),
      ]);
    if (next() < 0.5)
      pushes.push([
        userId,
        runAt,
        dayBoundsUtc(localDateOf(runAt, timezone), timezone).start,
        JSON.stringify(Array.from({ length: 48 }, (_, h) => 75 + 12 * Math.sin((2 * Math.PI * (h - 9)) / 24))),
      ]);
    const add = (type: string) => {
      const id = randomUUID();
      appliances.push([id, userId, type, type, JSON.stringify(CONFIGS[type])]);
      if (CONSTRAINTS[type]) constraints.push([id, JSON.stringify(CONSTRAINTS[type])]);
      return id;
    };
    const hvac = add('hvac');
    // Nine homes in ten are past warm-up.
    if (next() < 0.9) {
      const params = { lossPerHour: 0.05 + next() * 0.15, coolingFPerHour: -3 - next() * 3, heatingFPerHour: 3 + next() * 3, gainFPerHour: next() };
      models.push([
        hvac,
        JSON.stringify(params),
        30,
        JSON.stringify({ cool: 3000 + Math.round(next() * 1500), heat: null }),
        JSON.stringify({ samples: 600, spanHours: 300, residualRmseF: 0.2, heldOutSamples: 120, heldOutRmseF: 0.25, freeRun24hRmseF: 0.7 }),
        0.6,
        runAt,
      ]);
    }
    for (const [type, share] of SHARES) {
      if (next() >= share) continue;
      const id = add(type);
      // Half the EVs report their charge.
      if (type === 'ev_charger' && next() < 0.5) readings.push([userId, id, new Date(runAt.getTime() - 20 * 60_000), 'IDLE', 30 + Math.round(next() * 50)]);
    }
  }
  await insertColumns(
    db,
    'users',
    [
      ['id', 'uuid'],
      ['email', 'text'],
      ['password_hash', 'text'],
    ],
    users,
  );
  await insertColumns(
    db,
    'profiles',
    [
      ['user_id', 'uuid'],
      ['location_zip', 'text'],
      ['pricing_location', 'int4'],
      ['timezone', 'text'],
    ],
    profiles,
  );
  await insertColumns(
    db,
    'rate_settings',
    [
      ['user_id', 'uuid'],
      ['pricing_source', 'text'],
      ['hourly_rates_cents_per_kwh', 'jsonb'],
      ['dynamic_zone', 'text'],
    ],
    rates,
  );
  await insertColumns(
    db,
    'account_preferences',
    [
      ['user_id', 'uuid'],
      ['prefs', 'jsonb'],
    ],
    prefs,
  );
  await insertColumns(
    db,
    'weather_forecasts',
    [
      ['user_id', 'uuid'],
      ['pushed_at', 'timestamptz'],
      ['starts_at', 'timestamptz'],
      ['hourly_temps_f', 'jsonb'],
    ],
    pushes,
  );
  await insertColumns(
    db,
    'appliances',
    [
      ['id', 'uuid'],
      ['user_id', 'uuid'],
      ['appliance_type', 'text'],
      ['name', 'text'],
      ['config', 'jsonb'],
    ],
    appliances,
  );
  await insertColumns(
    db,
    'appliance_constraints',
    [
      ['appliance_id', 'uuid'],
      ['constraints', 'jsonb'],
    ],
    constraints,
  );
  await insertColumns(
    db,
    'thermal_models',
    [
      ['appliance_id', 'uuid'],
      ['params', 'jsonb'],
      ['grid_minutes', 'int4'],
      ['rated_power_w', 'jsonb'],
      ['stats', 'jsonb'],
      ['confidence', 'float8'],
      ['fitted_at', 'timestamptz'],
    ],
    models,
  );
  await insertColumns(
    db,
    'appliance_readings',
    [
      ['user_id', 'uuid'],
      ['appliance_id', 'uuid'],
      ['ts', 'timestamptz'],
      ['state', 'text'],
      ['value', 'float8'],
    ],
    readings,
  );
  await seedDynamicPrices(db, runAt);
  return appliances.length;
}

/** Hourly day-ahead prices of the dynamic zone around the planned days: cheap nights, a dear evening. */
async function seedDynamicPrices(db: Sequelize, runAt: Date): Promise<void> {
  const first = addDays(localDateOf(runAt, 'America/New_York'), -1);
  const { start } = dayBoundsUtc(first, 'America/New_York');
  const rows: unknown[][] = [];
  for (let h = 0; h < 96; h++) {
    const at = start.getTime() + h * 3_600_000;
    const hour = h % 24;
    rows.push([DYNAMIC_ZONE, new Date(at), new Date(at + 3_600_000), hour >= 16 && hour < 21 ? 180 : 30 + (hour % 7) * 3]);
  }
  await insertColumns(
    db,
    'dynamic_prices',
    [
      ['zone', 'text'],
      ['start_utc', 'timestamptz'],
      ['end_utc', 'timestamptz'],
      ['price_per_mwh', 'float8'],
    ],
    rows,
  );
}
