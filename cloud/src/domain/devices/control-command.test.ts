import { describe, expect, it } from 'vitest';
import { controlPayload, hasActionableField, parseControlCommand, targetOutsideRangeDetail } from './control-command.js';

describe('control command', () => {
  it('needs one of power, mode, target_temp_f, fan; hold alone or nulls do not count', () => {
    expect(hasActionableField({ hold: true })).toBe(false);
    expect(hasActionableField({ mode: null })).toBe(false);
    expect(hasActionableField({ power: false })).toBe(true);
    expect(hasActionableField({ fan: 'auto' })).toBe(true);
  });

  it('checks the target against the range, bounds inclusive', () => {
    const range = { minF: 61, maxF: 86 };
    expect(targetOutsideRangeDetail(undefined, range)).toBeNull();
    expect(targetOutsideRangeDetail(61, range)).toBeNull();
    expect(targetOutsideRangeDetail(86, range)).toBeNull();
    expect(targetOutsideRangeDetail(86.5, range)).toBe('target_temp_f must be between 61 and 86 F (the setpoint range of this appliance)');
  });

  it('builds the payload from the fields sent, hold false by default', () => {
    expect(controlPayload({ target_temp_f: 70 })).toEqual({ kind: 'control', target_temp_f: 70, hold: false });
    expect(controlPayload({ power: false, mode: 'COOL', fan: 'low', hold: true })).toEqual({
      kind: 'control',
      power: false,
      mode: 'COOL',
      fan: 'low',
      hold: true,
    });
  });
});

describe('parseControlCommand', () => {
  const range = { minF: 61, maxF: 86 };

  it('checks in order: body, an actionable field, the fields, the range', () => {
    expect(parseControlCommand([], range)).toEqual({ ok: false, detail: 'request body must be a JSON object' });
    expect(parseControlCommand(undefined, range)).toEqual({ ok: false, detail: 'command must include at least one of power, mode, target_temp_f, fan' });
    expect(parseControlCommand({ hold: 'x' }, range)).toEqual({ ok: false, detail: 'command must include at least one of power, mode, target_temp_f, fan' });
    expect(parseControlCommand({ mode: 'cool', target_temp_f: 99 }, range)).toEqual({ ok: false, detail: 'mode must be one of COOL, HEAT, OFF' });
    expect(parseControlCommand({ target_temp_f: 99 }, range)).toEqual({
      ok: false,
      detail: 'target_temp_f must be between 61 and 86 F (the setpoint range of this appliance)',
    });
  });

  it('returns the payload, unknown fields dropped', () => {
    expect(parseControlCommand({ fan: 'high', extra: 1 }, range)).toEqual({ ok: true, value: { kind: 'control', fan: 'high', hold: false } });
  });
});
