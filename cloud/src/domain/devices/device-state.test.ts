import { describe, expect, it } from 'vitest';
import { parseDeviceState } from './device-state.js';

describe('parseDeviceState', () => {
  it('checks source first, with 422', () => {
    expect(parseDeviceState(undefined)).toEqual({ ok: false, status: 422, detail: 'source is required: one of schedule, command, override, watchdog' });
    expect(parseDeviceState({ source: 'manual', rssi: 'x' })).toEqual({
      ok: false,
      status: 422,
      detail: 'source must be one of schedule, command, override, watchdog',
    });
  });

  it('then the other fields, with 400', () => {
    expect(parseDeviceState({ source: 'command', command_id: -1 })).toEqual({ ok: false, status: 400, detail: 'command_id must be a positive integer' });
  });

  it('returns the report, unknown fields dropped', () => {
    expect(parseDeviceState({ source: 'watchdog', power: false, rssi: -80, note: 'x' })).toEqual({
      ok: true,
      value: { source: 'watchdog', power: false, rssi: -80 },
    });
  });
});
