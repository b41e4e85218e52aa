// Who the simulated homes are and their accounts, made through the real API the way the other
// benches make theirs (`call` from cloud/src/bench/cloud-process.ts): sign-up, profile (time
// zone), and for the add-on homes their appliances. A satellite home's HVAC appears when its
// satellite claims (satellite-home.ts).
import { call, chance, seededRandom, TYPICAL_HOUSEHOLD_LOAD_KW } from '@offpeak/cloud/bench';
import { DEFAULT_TIMING, drawPushDelayMs, drawViewLeadMs, drawWeatherPushOffsetMs } from '@offpeak/hub-addon/testing';

/** US zones weighted roughly by population, each with a ZIP in it (prices and the weather fallback). */
const ZONES = [
  { zone: 'America/New_York', zip: '10001', weight: 47 },
  { zone: 'America/Chicago', zip: '60601', weight: 29 },
  { zone: 'America/Denver', zip: '80202', weight: 7 },
  { zone: 'America/Los_Angeles', zip: '94103', weight: 17 },
];

/**
 * The day-ahead market some New York homes buy at (its feed: day-ahead-market.ts), and the share of
 * them on it: their plans follow its prices, and they re-plan when it publishes tomorrow's.
 */
export const DAY_AHEAD = { zone: 'nyiso-nyc', timeZone: 'America/New_York', share: 0.3 };

/** What a home's add-on was set up with in the cloud (entity ids as on the hub). */
const HVAC = {
  appliance_type: 'hvac',
  name: 'Thermostat',
  config: { entity_id: 'climate.thermostat', indoor_temp_entity_id: 'sensor.thermostat_temperature' },
};
const EXTRAS = [
  {
    share: 0.4,
    appliance_type: 'ev_charger',
    name: 'EV',
    config: {
      entity_id: 'switch.ev_charger',
      soc_entity_id: 'sensor.ev_battery',
      plug_entity_id: 'binary_sensor.ev_plugged',
      battery_capacity_kwh: 60,
      max_charge_rate_kw: 7.4,
      efficiency: 0.9,
    },
  },
  {
    share: 0.3,
    appliance_type: 'water_heater',
    name: 'Water heater',
    config: { entity_id: 'switch.water_heater', temp_entity_id: 'sensor.water_heater_temperature' },
  },
  {
    share: 0.15,
    appliance_type: 'home_battery',
    name: 'Battery',
    // A battery mode select that can hold (the add-on's hold_option), so it keeps to its plan.
    config: {
      entity_id: 'select.home_battery_mode',
      soc_entity_id: 'sensor.home_battery',
      capacity_kwh: 13.5,
      max_charge_rate_kw: 5,
      max_discharge_rate_kw: 5,
      charge_efficiency: 0.95,
      discharge_efficiency: 0.95,
    },
  },
];

export type HomeKind = 'addon' | 'satellite';

export interface HomeSpec {
  index: number;
  kind: HomeKind;
  zone: string;
  zip: string;
  /** How far the home's clock runs behind the fleet's, simulated ms. */
  skewMs: number;
  /** The add-on's lead: how long before each boundary it pulls the view (hub-addon/src/view-refresh.ts). */
  viewLeadMs: number;
  /** The add-on's push delay: how long after each 5-minute mark it sends the readings (hub-addon/src/readings-push.ts). */
  readingsPushDelayMs: number;
  /**
   * Where in its 3-minute cycle the add-on's updated-at poll is: a real add-on's timer runs from
   * when it started, so a fleet's polls are spread over the cycle, not started together.
   */
  pollPhaseMs: number;
  /** The add-on's offset into the forecast push window (hub-addon/src/weather.ts). */
  weatherPushOffsetMs: number;
  /** Appliances the add-on home has (none for a satellite home). */
  appliances: { appliance_type: string; name: string; config: Record<string, unknown> }[];
  /** The home's usual day, kW per local slot: the typical profile scaled by 0.7-1.3, given to the cloud as its set profile. */
  usualKw48: number[];
  /** Seeds the home's departures from its usual day (house-drift.ts). */
  houseSeed: number;
  /** The day-ahead zone the home buys at, or null (the plan its ZIP gives). */
  dynamicZone: string | null;
}

export interface HomeAccount {
  spec: HomeSpec;
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
  /** The add-on home's appliances: id and type. */
  appliances: { id: string; type: string }[];
}

/** `homes` homes: 7 in 10 with the add-on, 3 in 10 with a satellite; zones, appliances and skews drawn from `seed`. */
export function planFleet(homes: number, skewSpreadMs: number, seed = 11): HomeSpec[] {
  const random = seededRandom(seed);
  // A stream of its own, so the fleet's zones, appliances and skews stay those of earlier runs.
  const leads = seededRandom(seed + 1);
  const pushDelays = seededRandom(seed + 2);
  const pollPhases = seededRandom(seed + 3);
  const weatherOffsets = seededRandom(seed + 4);
  const houses = seededRandom(seed + 5);
  const markets = seededRandom(seed + 6);
  const totalWeight = ZONES.reduce((s, z) => s + z.weight, 0);
  return Array.from({ length: homes }, (_, index) => {
    let pick = random() * totalWeight;
    const zone = ZONES.find((z) => (pick -= z.weight) < 0) ?? ZONES[0]!;
    const kind: HomeKind = index % 10 < 7 ? 'addon' : 'satellite';
    const extras = EXTRAS.filter((e) => chance(random, e.share)).map(({ share: _share, ...a }) => a);
    const scale = 0.7 + 0.6 * houses();
    return {
      index,
      kind,
      zone: zone.zone,
      zip: zone.zip,
      skewMs: random() * skewSpreadMs,
      viewLeadMs: drawViewLeadMs(leads),
      readingsPushDelayMs: drawPushDelayMs(pushDelays),
      pollPhaseMs: pollPhases() * DEFAULT_TIMING.updatedAtPollMs,
      weatherPushOffsetMs: drawWeatherPushOffsetMs(weatherOffsets),
      appliances: kind === 'addon' ? [HVAC, ...extras] : [],
      usualKw48: TYPICAL_HOUSEHOLD_LOAD_KW.map((kw) => Math.round(kw * scale * 1000) / 1000),
      houseSeed: Math.floor(houses() * 2 ** 31),
      dynamicZone: chance(markets, DAY_AHEAD.share) && zone.zone === DAY_AHEAD.timeZone ? DAY_AHEAD.zone : null,
    };
  });
}

/** Signs the home's owner up, sets the profile (and the add-on home's usual load) and creates the add-on home's appliances. */
export async function createAccount(baseUrl: string, spec: HomeSpec, runTag: string): Promise<HomeAccount> {
  const email = `bench-system-${runTag}-${spec.index}@example.com`;
  const password = 'bench-system-password';
  const session = await call(baseUrl, 'POST', '/auth/signup', { email, password, location_zip: spec.zip });
  const token = session.access_token as string;
  // The add-on reads the outdoor temperature from the profile's weather entity and pushes its forecast.
  await call(baseUrl, 'PATCH', '/auth/me', { timezone: spec.zone, ...(spec.kind === 'addon' && { weather_entity_id: 'weather.home' }) }, token);
  // What the plans assume of the add-on home's own load (as its measured profile would be after a few days).
  if (spec.kind === 'addon') await call(baseUrl, 'PUT', '/api/v1/household-load', { load_kw_48: spec.usualKw48 }, token);
  if (spec.dynamicZone) await call(baseUrl, 'PUT', '/api/v1/rates', { pricing_source: 'dynamic', dynamic_zone: spec.dynamicZone }, token);
  const appliances: HomeAccount['appliances'] = [];
  for (const a of spec.appliances) {
    const created = await call(baseUrl, 'POST', '/api/v1/appliances', a, token);
    appliances.push({ id: created.appliance_id, type: a.appliance_type });
  }
  return { spec, email, password, userId: session.user.id, accessToken: token, refreshToken: session.refresh_token, appliances };
}

/** Runs `work` over `items` with at most `concurrency` at a time, in order of start. */
export async function inPool<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!);
      }
    }),
  );
  return out;
}
