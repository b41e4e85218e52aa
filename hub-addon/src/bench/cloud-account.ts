// A signed-up account on the cloud, driven the way a person does from the dashboard: appliances,
// preferences, recompute. Used by the add-on's tests and bench to set the stage.
import type { Appliance, Session } from '@offpeak/cloud/contract';

export interface CloudAccount {
  email: string;
  password: string;
  session: Session;
  call<T = any>(method: string, route: string, body?: unknown): Promise<{ status: number; body: T }>;
  createAppliance(type: string, name: string, config: Record<string, unknown>): Promise<string>;
  appliances(): Promise<Appliance[]>;
}

/** Signs up a fresh account (with a timezone) on `url`. */
export async function signUp(url: string, opts: { timezone?: string; email?: string } = {}): Promise<CloudAccount> {
  const email = opts.email ?? `addon-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'addon-password';
  const raw = async (method: string, route: string, body: unknown, token?: string) => {
    const res = await fetch(url + route, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => undefined)) as any };
  };
  const signup = await raw('POST', '/auth/signup', { email, password, location_zip: '10001' });
  if (signup.status !== 200) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
  const session = signup.body as Session;
  const call = (method: string, route: string, body?: unknown) => raw(method, route, body, session.access_token);
  await call('GET', '/auth/me');
  if (opts.timezone) {
    const patched = await call('PATCH', '/auth/me', { timezone: opts.timezone });
    if (patched.status !== 200) throw new Error(`timezone: ${JSON.stringify(patched.body)}`);
  }
  return {
    email,
    password,
    session,
    call,
    createAppliance: async (type, name, config) => {
      const res = await call('POST', '/api/v1/appliances', { appliance_type: type, name, config });
      if (res.status !== 201) throw new Error(`create ${type}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.appliance_id as string;
    },
    appliances: async () => (await call('GET', '/api/v1/appliances')).body,
  };
}

/** 24 hourly comfort bands whose midpoints differ by 1 F every hour: hour h -> low 55+h, high 59+h. */
export function rampPreferences(): { hourly_low_temps_f: number[]; hourly_high_temps_f: number[] } {
  const hours = [...Array(24).keys()];
  return { hourly_low_temps_f: hours.map((h) => 55 + h), hourly_high_temps_f: hours.map((h) => 59 + h) };
}
