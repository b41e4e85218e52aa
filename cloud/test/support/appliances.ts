import type { RunningCloud } from '../../src/server.js';
import { setTier } from '../../src/services/admin.js';
import type { ApplianceType } from '../../src/store/models/index.js';
import { apiClient } from './http.js';

/** The smallest valid config per type. */
const CONFIGS: Record<ApplianceType, Record<string, unknown>> = {
  hvac: { entity_id: 'climate.living_room' },
  ev_charger: { entity_id: 'switch.ev_charger' },
  home_battery: { entity_id: 'switch.battery_charge' },
  water_heater: { entity_id: 'switch.water_heater' },
  solar: {},
  dehumidifier: { entity_id: 'humidifier.basement', indoor_temp_entity_id: 'sensor.basement_temp' },
  robot: { entity_id: 'vacuum.robot' },
};

const randomName = (type: ApplianceType) => `${type} ${Math.random().toString(36).slice(2, 7)}`;

/**
 * Inserts an appliance straight through the store and returns its id: for states the API refuses
 * (a second HVAC on a free account). Prefer createAppliance otherwise.
 */
export async function addAppliance(
  cloud: RunningCloud,
  userId: string,
  type: ApplianceType,
  opts: { name?: string; isActive?: boolean } = {},
): Promise<string> {
  const row = await cloud.store.appliances.insert({ userId, type, name: opts.name ?? randomName(type), config: CONFIGS[type] });
  if (opts.isActive === false) await cloud.store.appliances.update(userId, row.id, { is_active: false });
  return row.id;
}

/**
 * Creates an appliance through POST /api/v1/appliances and returns its id. An account that gets an
 * HVAC is made premium first (the operator command), so a test may give it several;
 * `isActive: false` then pauses the appliance with a PUT.
 */
export async function createAppliance(
  cloud: RunningCloud,
  user: { token: string; email: string },
  type: ApplianceType,
  opts: { name?: string; isActive?: boolean } = {},
): Promise<string> {
  const api = apiClient(cloud.url);
  if (type === 'hvac') await setTier(cloud.store, user.email, 'premium');
  const created = await api.post(
    '/api/v1/appliances',
    { appliance_type: type, name: opts.name ?? randomName(type), config: CONFIGS[type] },
    { token: user.token },
  );
  if (created.status !== 201) throw new Error(`creating ${type} failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.appliance_id as string;
  if (opts.isActive === false) {
    const paused = await api.put(`/api/v1/appliances/${id}`, { is_active: false }, { token: user.token });
    if (paused.status !== 200) throw new Error(`pausing ${type} failed: ${paused.status} ${JSON.stringify(paused.body)}`);
  }
  return id;
}
