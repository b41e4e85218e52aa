import { isStorableText, jsonTextProblem } from '../domain/validation/json-text.js';
import { isIsoTimestamp, MAX_READINGS_PER_REQUEST, type HvacReadingsRequest } from './readings.js';
import { UUID_PATTERN } from '../domain/uuid.js';

// The hot path of POST /api/v1/readings. yup spends ~80 µs per reading (8 ms per 100-reading
// push, most of the request's CPU), so a well-formed batch is recognised here by direct checks
// that accept a strict SUBSET of what `hvacReadingsRequestSchema` accepts and return the same
// value yup would. Anything unusual returns null and the caller runs the yup schema, which stays
// the single source of the error messages. readings-fast-path.test.ts checks the parity, by
// example and property-based over random hostile bodies. Like the validation gate, it reads only
// the body's own keys and looks them up only among FIELDS' own keys (a `constructor` key must not
// find Object.prototype.constructor), and it accepts only storable text (json-text.ts).

type Check = (v: unknown) => boolean;
const num =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && v >= min && v <= max;
const str =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max && isStorableText(v);
const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || v === null || check(v);
const COMMANDED_MODES = new Set(['COOL', 'HEAT', 'OFF']);

const FIELDS: Record<string, Check> = {
  timestamp: (v) => typeof v === 'string' && isIsoTimestamp(v),
  indoor_temp: num(30, 120),
  hvac_state: (v) => str(64)(v) && (v as string).length > 0, // required: '' is refused
  indoor_humidity: optional(num(0, 100)),
  outdoor_temp: optional(num(-50, 150)),
  target_temp: optional(num(30, 120)),
  fan_mode: optional(str(64)),
  power_watts: optional(num(0, 100_000)),
  hvac_action: optional(str(64)),
  commanded_hvac_mode: optional((v) => str(64)(v) && COMMANDED_MODES.has((v as string).toUpperCase())),
  commanded_fan_mode: optional(str(64)),
  commanded_setpoint: optional(num(30, 120)),
  indoor_source: optional((v) => v === 'sensor' || v === 'entity'),
  override_active: optional((v) => typeof v === 'boolean'),
  room_target: optional(num(30, 120)),
  target_temp_step: optional(num(0.01, 5)),
  target_temp_step_unit: optional((v) => v === 'C' || v === 'F'),
  appliance_id: optional((v) => typeof v === 'string' && UUID_PATTERN.test(v)),
};

/** The validated body when it is plainly valid, else null (then validate with the yup schema). */
export function parseHvacReadingsFast(body: unknown): HvacReadingsRequest | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { readings, client } = body as { readings?: unknown; client?: unknown };
  if (!Array.isArray(readings) || readings.length < 1 || readings.length > MAX_READINGS_PER_REQUEST) return null;
  if (client !== undefined && jsonTextProblem(client, 'client') !== null) return null;
  const out: Record<string, unknown>[] = [];
  for (const reading of readings) {
    if (typeof reading !== 'object' || reading === null || Array.isArray(reading)) return null;
    const item: Record<string, unknown> = {};
    for (const key of Object.keys(reading)) {
      if (!Object.hasOwn(FIELDS, key)) continue; // unknown keys are stripped, as the gate does
      const check = FIELDS[key]!;
      const value = (reading as Record<string, unknown>)[key];
      if (!check(value)) return null;
      if (value !== undefined) item[key] = value;
    }
    if (item.timestamp === undefined || item.indoor_temp === undefined || item.hvac_state === undefined) return null;
    out.push(item);
  }
  return { readings: out, ...(client !== undefined && { client }) } as HvacReadingsRequest;
}
