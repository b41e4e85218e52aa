import { randomBytes } from 'node:crypto';
import type { ApiClient } from './http.js';

/** A unique factory serial for this test process. */
export const uniqueDeviceId = (prefix = 'SAT') => `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;

/** Mints a claim code for the user and returns it. */
export async function enrollToken(api: ApiClient, userToken: string): Promise<string> {
  const res = await api.post('/api/v1/devices/enroll-token', undefined, { token: userToken });
  if (res.status !== 200) throw new Error(`enroll-token failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.enroll_token as string;
}

export interface ClaimedDevice {
  deviceId: string;
  deviceToken: string;
  applianceId: string;
}

/** Claims a new satellite for the user (a fresh code each time) and returns its credentials. */
export async function claimDevice(api: ApiClient, userToken: string, fields: Record<string, unknown> = {}): Promise<ClaimedDevice> {
  const body = { enroll_token: await enrollToken(api, userToken), device_id: uniqueDeviceId(), name: 'Bedroom AC', hvac_type: 'mini_split', ...fields };
  const res = await api.post('/api/v1/devices/claim', body);
  if (res.status !== 200) throw new Error(`claim failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { deviceId: res.body.device_id, deviceToken: res.body.device_token, applianceId: res.body.appliance_id };
}
