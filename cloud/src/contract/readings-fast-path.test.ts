import { describe, expect, it } from 'vitest';
import { hvacReadingsRequestSchema } from './readings.js';
import { parseHvacReadingsFast } from './readings-fast-path.js';

const yupParse = (body: unknown) => {
  try {
    return { ok: true as const, value: hvacReadingsRequestSchema.validateSync(body, { abortEarly: true, stripUnknown: true }) };
  } catch {
    return { ok: false as const };
  }
};

const base = { timestamp: '2026-07-01T14:05:00Z', indoor_temp: 72.5, hvac_state: 'COOL' };
const variants: Record<string, unknown>[] = [
  base,
  { ...base, outdoor_temp: 95, target_temp: 73, power_watts: 2400, fan_mode: 'auto', hvac_action: 'cooling' },
  { ...base, indoor_humidity: 0, commanded_hvac_mode: 'cool', commanded_setpoint: 74, override_active: false, room_target: 73 },
  { ...base, indoor_source: 'sensor', appliance_id: '2f8f5f0e-3c1a-4b7e-9a55-1c2d3e4f5a6b', extra_key: 'dropped' },
  { ...base, outdoor_temp: null, fan_mode: null, override_active: null },
  { ...base, indoor_temp: 30 },
  { ...base, indoor_temp: 120 },
  // Everything below is invalid for yup; the fast path must refuse it too.
  { ...base, indoor_temp: 29.9 },
  { ...base, indoor_temp: '72' },
  { ...base, indoor_temp: Number.NaN },
  { ...base, timestamp: '2026-07-01 14:05' },
  { ...base, timestamp: '2026-02-30T00:00:00Z' },
  { ...base, hvac_state: 7 },
  { ...base, hvac_state: '' },
  { ...base, timestamp: '' },
  { ...base, fan_mode: '' },
  { ...base, hvac_state: 'x'.repeat(65) },
  { ...base, indoor_humidity: 101 },
  { ...base, commanded_hvac_mode: 'AUTO' },
  { ...base, override_active: 'yes' },
  { ...base, appliance_id: 'not-a-uuid' },
  { ...base, power_watts: -1 },
  { timestamp: base.timestamp, indoor_temp: 70 },
  { indoor_temp: 70, hvac_state: 'COOL' },
];

describe('parseHvacReadingsFast', () => {
  it.each(variants.map((v) => [JSON.stringify(v), v]))('agrees with the yup schema on %s', (_name, reading) => {
    const body = { readings: [base, reading], client: { kind: 'node', version: '1.0' } };
    const fast = parseHvacReadingsFast(body);
    const slow = yupParse(body);
    if (fast === null) return; // the caller falls back to yup: always correct
    expect(slow.ok).toBe(true);
    expect(fast).toEqual(slow.ok && slow.value);
  });

  it('takes the fast path for ordinary valid batches', () => {
    const readings = Array.from({ length: 100 }, (_, i) => ({ ...base, indoor_temp: 70 + i / 100, outdoor_temp: 90 }));
    expect(parseHvacReadingsFast({ readings })).toEqual({ readings });
  });

  it.each([
    ['no readings', {}],
    ['an empty batch', { readings: [] }],
    ['101 readings', { readings: Array.from({ length: 101 }, () => base) }],
    ['a non-object body', [base]],
    ['a null reading', { readings: [null] }],
  ])('falls back to yup for %s', (_name, body) => {
    expect(parseHvacReadingsFast(body)).toBeNull();
  });
});
