import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyJson, hostileValue, jsonObject, mutatedFrom, nested, PROTO_KEYS } from '../domain/validation/hostile-json.test-support.js';
import { passGate } from '../domain/validation/schema-gate.js';
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

/** Values per field that the schema accepts or refuses at its edges, mixed with hostile JSON. */
const FIELD_VALUES: Record<string, unknown[]> = {
  timestamp: ['2026-07-01T14:05:00Z', '2026-07-01T14:05:00.123+02:00', '2026-02-30T00:00:00Z', '2026-07-01 14:05', 20260701],
  indoor_temp: [30, 72.5, 120, 29.99, 120.01, '72', Infinity],
  hvac_state: ['COOL', 'heat', '', 'x'.repeat(64), 'x'.repeat(65), 'a\u0000b', '\ud800'],
  indoor_humidity: [0, 100, 100.5, -1],
  outdoor_temp: [-50, 150, 151],
  target_temp: [30, 120, 29],
  fan_mode: ['auto', '', 'x'.repeat(65), '\udc00'],
  power_watts: [0, 100000, -1, 100001],
  hvac_action: ['cooling', 'x\u0000'],
  commanded_hvac_mode: ['cool', 'HEAT', 'off', 'AUTO', ''],
  commanded_fan_mode: ['low'],
  commanded_setpoint: [30, 120, 121],
  indoor_source: ['sensor', 'entity', 'other'],
  override_active: [true, false, 'true', 0],
  room_target: [30, 120, 20],
  appliance_id: ['2f8f5f0e-3c1a-4b7e-9a55-1c2d3e4f5a6b', '2F8F5F0E-3C1A-4B7E-9A55-1C2D3E4F5A6B', 'not-a-uuid'],
};
const FIELD_NAMES = Object.keys(FIELD_VALUES);

const fieldValue = (key: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...FIELD_VALUES[key]!) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: hostileValue },
  );

/** A reading that is valid more often than not: required fields mostly present, extra and prototype-named keys sometimes. */
const reading = fc
  .tuple(
    ...FIELD_NAMES.map((key) => fc.option(fieldValue(key), { nil: undefined, freq: ['timestamp', 'indoor_temp', 'hvac_state'].includes(key) ? 10 : 2 })),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), fc.string({ maxLength: 5 })), hostileValue), { maxLength: 2 }),
  )
  .map((values) => {
    const extra = values.pop() as [string, unknown][];
    return jsonObject([...FIELD_NAMES.flatMap((k, i) => (values[i] === undefined ? [] : [[k, values[i]] as const])), ...extra]);
  });

const client = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.constant({ kind: 'node', version: '1.0' }),
  fc.constant({ kind: 'hacs', version: '2', extra: nested(40, 'object') }),
  fc.constant({ kind: 'node', version: 'x\u0000' }),
  hostileValue,
);

const nearValidBody = fc
  .tuple(fc.array(reading, { minLength: 0, maxLength: 4 }), client, fc.option(fc.constantFrom(...PROTO_KEYS), { nil: undefined }))
  .map(([readings, c, protoKey]) =>
    jsonObject([['readings', readings], ...(c === undefined ? [] : [['client', c] as const]), ...(protoKey ? [[protoKey, {}] as const] : [])]),
  );

describe('parseHvacReadingsFast, property-based parity with the gate', () => {
  it('never throws, and whenever it answers, the gate accepts the body with the same value', () => {
    let fastAnswers = 0;
    fc.assert(
      fc.property(
        fc.oneof(
          nearValidBody,
          anyJson(['readings', 'client', ...FIELD_NAMES]),
          mutatedFrom({ readings: [base, base], client: { kind: 'node', version: '1' } }, FIELD_NAMES),
        ),
        (body) => {
          const fast = parseHvacReadingsFast(body);
          const slow = passGate(hvacReadingsRequestSchema, body ?? {});
          if (fast === null) return;
          fastAnswers++;
          expect(slow.ok).toBe(true);
          expect(fast).toEqual(slow.ok && slow.value);
        },
      ),
      { seed: 1207, numRuns: Number(process.env.GATE_PROPERTY_RUNS ?? 1000) },
    );
    // The generator reaches the fast path often enough for the property to mean something.
    expect(fastAnswers).toBeGreaterThan(20);
  });

  it('drops prototype-named keys like the gate instead of crashing', () => {
    const reading = JSON.parse(
      '{"timestamp":"2026-07-01T14:05:00Z","indoor_temp":70,"hvac_state":"COOL","hasOwnProperty":1,"__proto__":{"x":1},"constructor":{},"toString":"x"}',
    );
    expect(parseHvacReadingsFast({ readings: [reading] })).toEqual({ readings: [{ timestamp: '2026-07-01T14:05:00Z', indoor_temp: 70, hvac_state: 'COOL' }] });
  });
});
