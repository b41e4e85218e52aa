// The account the recompute scenario re-plans: one appliance of every type, an HVAC past warm-up
// (50 hours of 5-minute readings from a simulated house, so its model is fitted on the first
// recompute), constraints on the storage types and a pushed weather forecast.
import { call } from '../cloud-process.js';

/** 5-minute readings of a house cooled by a thermostat (on above 74 F, off below 72 F) on a warm day. */
function houseReadings(hours: number, endAt: Date): Record<string, unknown>[] {
  const stepH = 5 / 60;
  const count = Math.round(hours / stepH);
  const readings: Record<string, unknown>[] = [];
  let temp = 73;
  let cooling = false;
  for (let k = 0; k <= count; k++) {
    const at = new Date(endAt.getTime() - (count - k) * 300_000);
    const outdoor = 82 + 8 * Math.sin((2 * Math.PI * (at.getUTCHours() - 9)) / 24);
    if (temp > 74) cooling = true;
    if (temp < 72) cooling = false;
    readings.push({
      timestamp: at.toISOString(),
      indoor_temp: Math.round(temp * 10) / 10,
      hvac_state: 'COOL',
      hvac_action: cooling ? 'cooling' : 'idle',
      outdoor_temp: Math.round(outdoor * 10) / 10,
      power_watts: cooling ? 3000 : 0,
    });
    temp += stepH * (0.15 * (outdoor - temp) + (cooling ? -5 : 0) + 0.5);
  }
  return readings;
}

const APPLIANCES: [string, Record<string, unknown>][] = [
  ['hvac', { entity_id: 'climate.living_room', hvac_type: 'central_ac', home_size_sqft: 1800 }],
  ['ev_charger', { entity_id: 'switch.car', battery_capacity_kwh: 75, max_charge_rate_kw: 7.2 }],
  ['home_battery', { entity_id: 'switch.battery', capacity_kwh: 13.5, max_charge_rate_kw: 5, max_discharge_rate_kw: 5 }],
  ['water_heater', { entity_id: 'switch.water_heater', tank_size_gallons: 50, element_watts: 4500 }],
  ['solar', { system_size_kw: 6, tilt_degrees: 25 }],
  ['dehumidifier', { entity_id: 'humidifier.basement', indoor_temp_entity_id: 'sensor.basement_temp' }],
  ['robot', { entity_id: 'vacuum.robot' }],
];

const CONSTRAINTS: Record<string, Record<string, unknown>> = {
  ev_charger: { target_charge_pct: 80, min_charge_pct: 20, deadline_time: '07:30', current_charge_pct: 35 },
  home_battery: { target_charge_pct: 90, min_charge_pct: 15, deadline_time: '17:00' },
  water_heater: { min_temp_f: 115, max_temp_f: 140 },
  robot: { target_charge_pct: 95, min_charge_pct: 30, current_charge_pct: 60, tasks_window_start: '10:00', tasks_window_end: '12:00' },
};

/** Creates the account; returns its access token once its HVAC is past warm-up. */
export async function recomputeAccount(url: string): Promise<string> {
  const s = await call(url, 'POST', '/auth/signup', { email: `bench-recompute-${Date.now()}@example.com`, password: 'bench-password', location_zip: '78701' });
  const token = s.access_token as string;
  let hvacId = '';
  for (const [type, config] of APPLIANCES) {
    const { appliance_id: id } = await call(url, 'POST', '/api/v1/appliances', { appliance_type: type, name: type, config }, token);
    if (type === 'hvac') hvacId = id;
    if (CONSTRAINTS[type]) await call(url, 'POST', `/api/v1/appliances/${id}/constraints`, CONSTRAINTS[type], token);
  }
  await call(url, 'PUT', '/api/v1/preferences', { savings_level: 2, optimize_hvac_fan: true }, token);
  // With a dehumidifier on the account, HVAC readings name their appliance.
  const readings = houseReadings(50, new Date()).map((r) => ({ ...r, appliance_id: hvacId }));
  for (let i = 0; i < readings.length; i += 100) await call(url, 'POST', '/api/v1/readings', { readings: readings.slice(i, i + 100) }, token);
  await call(
    url,
    'POST',
    '/api/v1/weather',
    { forecast: { hourly_temps_f: Array.from({ length: 48 }, (_, h) => 80 + 10 * Math.sin((2 * Math.PI * (h - 9)) / 24)) } },
    token,
  );
  const first = await call(url, 'POST', '/api/v1/schedule/recompute', undefined, token);
  const hvac = first.results.find((r: { appliance_type: string }) => r.appliance_type === 'hvac');
  if (hvac?.status !== 'ok') throw new Error(`the bench HVAC is not past warm-up: ${JSON.stringify(hvac)}`);
  return token;
}
