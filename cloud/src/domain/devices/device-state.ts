// POST /api/v1/devices/state: `source` is required and checked first (422 with a text
// detail), then the other fields (400 `<field> ...`).
import * as yup from 'yup';
import { booleanField, fanField, modeField } from './control-command.js';
import { parseBody, type Parsed } from './parse.js';

/** Who decided what the unit does now. */
export const STATE_SOURCES = ['schedule', 'command', 'override', 'watchdog'] as const;
export type StateSource = (typeof STATE_SOURCES)[number];

export const SOURCE_MISSING_DETAIL = `source is required: one of ${STATE_SOURCES.join(', ')}`;
export const SOURCE_INVALID_DETAIL = `source must be one of ${STATE_SOURCES.join(', ')}`;

const integer = (field: string, min: number, max: number, message: string) =>
  yup.number().strict().typeError(message).integer(message).min(min, message).max(max, message).optional();

/** The report's fields besides `source`, which is checked before them. */
export const stateFieldsSchema = yup.object({
  mode: modeField(),
  target_temp_f: yup
    .number()
    .strict()
    .typeError('target_temp_f must be a number')
    .min(30, 'target_temp_f must be between 30 and 120')
    .max(120, 'target_temp_f must be between 30 and 120')
    .optional(),
  fan: fanField(),
  power: booleanField('power'),
  command_id: integer('command_id', 1, Number.MAX_SAFE_INTEGER, 'command_id must be a positive integer'),
  firmware_version: yup.string().strict().typeError('firmware_version must be a string').max(64, 'firmware_version must be at most 64 characters').optional(),
  rssi: integer('rssi', -150, 0, 'rssi must be an integer between -150 and 0 (dBm)'),
});

/** A validated state report. */
export type DeviceState = yup.InferType<typeof stateFieldsSchema> & { source: StateSource };

/** The report, or the status (422 for source, 400 otherwise) and detail of the first failing check. */
export function parseDeviceState(raw: unknown): { ok: true; value: DeviceState } | { ok: false; status: 400 | 422; detail: string } {
  const body = raw ?? {};
  const source = typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>).source : undefined;
  if (source === undefined || source === null) return { ok: false, status: 422, detail: SOURCE_MISSING_DETAIL };
  if (!(STATE_SOURCES as readonly unknown[]).includes(source)) return { ok: false, status: 422, detail: SOURCE_INVALID_DETAIL };
  const fields: Parsed<yup.InferType<typeof stateFieldsSchema>> = parseBody(stateFieldsSchema, body);
  if (!fields.ok) return { ok: false, status: 400, detail: fields.detail };
  return { ok: true, value: { ...fields.value, source: source as StateSource } };
}
