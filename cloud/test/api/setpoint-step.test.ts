// An HVAC reading may carry the thermostat's setpoint step (Home Assistant's target_temp_step) and
// its unit: stored as sent, refused with a 400 naming the field when malformed, and the model
// fitted from the readings holds the plan's setpoints on that step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createAppliance } from '../support/appliances.js';
import { apiClient, signUp, type ApiClient } from '../support/http.js';
import { hvacReading, rows, storedCounts } from '../support/readings.js';
import { warmupReadings } from '../support/schedules.js';
import { startTestCloud } from '../support/test-cloud.js';

let cloud: RunningCloud;
let api: ApiClient;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
});
afterAll(() => cloud.stop());

const push = (token: string, readings: unknown[]) => api.post('/api/v1/readings', { readings }, { token });

describe('POST /api/v1/readings: the thermostat setpoint step', () => {
  it('stores the step and its unit as sent, and nothing when a reading does not report them', async () => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'hvac');
    const res = await push(user.token, [
      hvacReading({ target_temp_step: 0.5, target_temp_step_unit: 'C' }),
      hvacReading({ target_temp_step: 1, target_temp_step_unit: 'F', indoor_temp: 71 }),
      hvacReading({ indoor_temp: 70 }),
    ]);
    expect(res).toMatchObject({ status: 201, body: { accepted: 3 } });
    const stored = await rows<{ indoor_temp: number; target_temp_step: number | null; target_temp_step_unit: string | null }>(
      cloud,
      'SELECT indoor_temp, target_temp_step, target_temp_step_unit FROM hvac_readings WHERE user_id = $1 ORDER BY indoor_temp',
      [user.userId],
    );
    expect(stored).toEqual([
      { indoor_temp: 70, target_temp_step: null, target_temp_step_unit: null },
      { indoor_temp: 71, target_temp_step: 1, target_temp_step_unit: 'F' },
      { indoor_temp: 72.5, target_temp_step: 0.5, target_temp_step_unit: 'C' },
    ]);
  });

  it.each([
    [{ target_temp_step: 0 }, 'target_temp_step must be between 0.01 and 5'],
    [{ target_temp_step: -1, target_temp_step_unit: 'F' }, 'target_temp_step must be between 0.01 and 5'],
    [{ target_temp_step: 10, target_temp_step_unit: 'F' }, 'target_temp_step must be between 0.01 and 5'],
    [{ target_temp_step: '0.5', target_temp_step_unit: 'C' }, 'target_temp_step must be a number'],
    [{ target_temp_step: 0.5, target_temp_step_unit: 'K' }, 'target_temp_step_unit must be one of C, F'],
    [{ target_temp_step: 0.5, target_temp_step_unit: '°C' }, 'target_temp_step_unit must be one of C, F'],
    [{ target_temp_step: 1, target_temp_step_unit: 1 }, 'target_temp_step_unit must be one of C, F'],
    [{ target_temp_step: 0.5 }, 'target_temp_step and target_temp_step_unit must be sent together'],
    [{ target_temp_step_unit: 'F' }, 'target_temp_step and target_temp_step_unit must be sent together'],
  ])('%j -> 400, and the batch is not stored', async (fields, detail) => {
    const user = await signUp(api);
    await createAppliance(cloud, user, 'hvac');
    expect(await push(user.token, [hvacReading(), hvacReading(fields)])).toMatchObject({ status: 400, body: { detail } });
    expect(await storedCounts(cloud, user.userId)).toEqual({ hvac: 0, appliance: 0, counted: 0 });
  });

  it('fits a model that holds setpoints on the newest step reported (a whole-degree F thermostat)', async () => {
    const user = await signUp(api);
    const hvac = await createAppliance(cloud, user, 'hvac');
    const readings = warmupReadings(50).map((r, i, all) => ({
      ...r,
      appliance_id: hvac,
      target_temp: 73,
      // The thermostat was replaced by a whole-degree F one for the newest readings.
      ...(i > all.length - 20 ? { target_temp_step: 1, target_temp_step_unit: 'F' } : { target_temp_step: 0.5, target_temp_step_unit: 'C' }),
    }));
    for (let i = 0; i < readings.length; i += 100) expect((await push(user.token, readings.slice(i, i + 100))).status).toBe(201);
    expect((await cloud.services.modelRefit.refitAll(new Date())).failed).toBe(0);
    const [model] = await rows<{ params: Record<string, unknown> }>(cloud, 'SELECT params FROM thermal_models WHERE appliance_id = $1', [hvac]);
    expect(model!.params).toMatchObject({ setpointStepF: 1 });
    expect(model!.params).not.toHaveProperty('setpointStepC');
  });
});
