// POST /api/v1/appliances/{id}/command: the body's checks in the order
// (an actionable field, then the fields, then the target against the setpoint range) and the
// queued payload.
import * as yup from 'yup';
import { BODY_NOT_OBJECT_DETAIL, parseBody, type Parsed } from './parse.js';
import type { SetpointRange } from './setpoint-range.js';

/** Modes a command sets and a state report names. */
export const HVAC_MODES = ['COOL', 'HEAT', 'OFF'] as const;
export type HvacMode = (typeof HVAC_MODES)[number];
/** Fan speeds a command sets and a state report names. */
export const FAN_SPEEDS = ['low', 'high', 'auto'] as const;
export type FanSpeed = (typeof FAN_SPEEDS)[number];

/** The fields that change what the unit does; `hold` alone changes nothing. */
export const ACTIONABLE_FIELDS = ['power', 'mode', 'target_temp_f', 'fan'] as const;

export const NO_ACTIONABLE_FIELD_DETAIL = 'command must include at least one of power, mode, target_temp_f, fan';

const text = (field: string) => yup.string().strict().typeError(`${field} must be a string`);
const oneOf = <T extends string>(field: string, values: readonly T[]) =>
  text(field).oneOf(values, `${field} must be one of ${values.join(', ')}`) as unknown as yup.StringSchema<T | undefined>;
const boolean = (field: string) => yup.boolean().strict().typeError(`${field} must be true or false`);

/** Shared by the command and the device state report. */
export const modeField = () => oneOf('mode', HVAC_MODES).optional();
export const fanField = () => oneOf('fan', FAN_SPEEDS).optional();
export const booleanField = (field: string) => boolean(field).optional();

/** The command body's fields (all optional); "at least one actionable" and the range are checked around it. */
export const controlCommandSchema = yup.object({
  power: booleanField('power'),
  mode: modeField(),
  target_temp_f: yup.number().strict().typeError('target_temp_f must be a number').optional(),
  fan: fanField(),
  hold: booleanField('hold').meta({ openapi: { default: false } }),
});

export type ControlFields = yup.InferType<typeof controlCommandSchema>;

/** A `control` payload: the partial override plus hold (false unless sent). */
export type ControlPayload = { kind: 'control'; hold: boolean } & Omit<ControlFields, 'hold'>;

/** True when at least one actionable field is present (null counts as absent). */
export function hasActionableField(body: Record<string, unknown>): boolean {
  return ACTIONABLE_FIELDS.some((field) => body[field] !== undefined && body[field] !== null);
}

/** The 400 detail for a target outside the appliance's range, or null when it is inside (bounds inclusive). */
export function targetOutsideRangeDetail(targetF: number | undefined, range: SetpointRange): string | null {
  if (targetF === undefined || (targetF >= range.minF && targetF <= range.maxF)) return null;
  return `target_temp_f must be between ${range.minF} and ${range.maxF} F (the setpoint range of this appliance)`;
}

/** The command's payload, or the 400 detail of the first failing check. */
export function parseControlCommand(raw: unknown, range: SetpointRange): Parsed<ControlPayload> {
  const body = raw ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return { ok: false, detail: BODY_NOT_OBJECT_DETAIL };
  if (!hasActionableField(body as Record<string, unknown>)) return { ok: false, detail: NO_ACTIONABLE_FIELD_DETAIL };
  const fields = parseBody(controlCommandSchema, body);
  if (!fields.ok) return fields;
  const rangeDetail = targetOutsideRangeDetail(fields.value.target_temp_f, range);
  return rangeDetail ? { ok: false, detail: rangeDetail } : { ok: true, value: controlPayload(fields.value) };
}

/** The payload queued for the device: only the fields sent, in a fixed order. */
export function controlPayload(fields: ControlFields): ControlPayload {
  return {
    kind: 'control',
    ...(fields.power !== undefined && { power: fields.power }),
    ...(fields.mode !== undefined && { mode: fields.mode }),
    ...(fields.target_temp_f !== undefined && { target_temp_f: fields.target_temp_f }),
    ...(fields.fan !== undefined && { fan: fields.fan }),
    hold: fields.hold ?? false,
  };
}
