import { isIsoTimestamp, MAX_READINGS_PER_REQUEST, type HvacReadingsRequest } from './readings.js';

// The hot path of POST /api/v1/readings. yup spends ~80 µs per reading (8 ms per 100-reading
// push, most of the request's CPU), so a well-formed batch is recognised here by direct checks
// that accept a strict SUBSET of what `hvacReadingsRequestSchema` accepts and return the same
// value yup would. Anything unusual returns null and the caller runs the yup schema, which stays
// the single source of the error messages. readings-fast-path.test.ts checks the parity.

type Check = (v: unknown) => boolean;
const num = (min: number, max: number): Check => (v) => typeof v === 'number' && v >= min && v <= max;
const str = (max: number): Check => (v) => typeof v === 'string' && v.length <= max;
const optional = (check: Check): Check => (v) => v === undefined || v === null || check(v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COMMANDED_MODES = new Set(['COOL', 'HEAT', 'OFF']);

const FIELDS: Record<string, Check> = {
  timestamp: (v) => typeof v === 'string' && isIsoTimestamp(v),
  indoor_temp: num(30, 120),
  hvac_state: (v) => typeof v === 'string' && v.length > 0 && v.length <= 64, // required: '' is refused
  indoor_humidity: optional(num(0, 100)),
  outdoor_temp: optional(num(-50, 150)),
  target_temp: optional(num(30, 120)),
  fan_mode: optional(str(64)),
  power_watts: optional(num(0, 100_000)),
  hvac_action: optional(str(64)),
  commanded_hvac_mode: optional((v) => typeof v === 'string' && v.length <= 64 && COMMANDED_MODES.has(v.toUpperCase())),
  commanded_fan_mode: optional(str(64)),
  commanded_setpoint: optional(num(30, 120)),
  indoor_source: optional((v) => v === 'sensor' || v === 'entity'),
  override_active: optional((v) => typeof v === 'boolean'),
  room_target: optional(num(30, 120)),
  appliance_id: optional((v) => typeof v === 'string' && UUID.test(v)),
};

/** The validated body when it is plainly valid, else null (then validate with the yup schema). */
export function parseHvacReadingsFast(body: unknown): HvacReadingsRequest | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { readings, client } = body as { readings?: unknown; client?: unknown };
  if (!Array.isArray(readings) || readings.length < 1 || readings.length > MAX_READINGS_PER_REQUEST) return null;
  const out: Record<string, unknown>[] = [];
  for (const reading of readings) {
    if (typeof reading !== 'object' || reading === null || Array.isArray(reading)) return null;
    const item: Record<string, unknown> = {};
    for (const key in reading) {
      const check = FIELDS[key];
      if (!check) continue; // unknown keys are stripped, as yup's stripUnknown does
      const value = (reading as Record<string, unknown>)[key];
      if (!check(value)) return null;
      if (value !== undefined) item[key] = value;
    }
    if (item.timestamp === undefined || item.indoor_temp === undefined || item.hvac_state === undefined) return null;
    out.push(item);
  }
  return { readings: out, ...(client !== undefined && { client }) } as HvacReadingsRequest;
}
