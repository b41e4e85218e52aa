// One form per appliance type, described from the per-type config shapes (required
// fields, bounds, entity id hints) and constraint fields. The cloud validates again and
// its `<field>: <message>` answer is shown next to the field, in the words of the field's label.
import type { ApplianceConstraints, ApplianceType, HvacType } from '@offpeak/cloud/contract';
import { errorSubject } from './field-errors.js';

export interface FormField {
  key: string;
  label: string;
  kind: 'text' | 'number' | 'integer' | 'select' | 'time';
  required?: boolean;
  min?: number;
  max?: number;
  /** The lower bound itself is not allowed. */
  minExclusive?: boolean;
  step?: number;
  options?: readonly { value: string; label: string }[];
  hint?: string;
  /** Sent as null when left empty (the "string or null" fields). */
  nullable?: boolean;
  /** An entity id field: the hub domains it accepts, whose reported entities it offers (docs/hub-entities.md). */
  domains?: readonly string[];
}

const entity = (key: string, label: string, domains: readonly string[], hint: string, required = false): FormField => ({
  key,
  label,
  kind: 'text',
  required,
  hint,
  nullable: !required,
  domains,
});
const SENSOR = ['sensor'];

/** A label per HVAC type of the contract: keyed by the type, so a new one does not compile without its label. */
const HVAC_TYPE_LABEL: Record<HvacType, string> = {
  central_ac: 'Central AC',
  window_ac: 'Window AC',
  heat_pump: 'Heat pump',
  furnace: 'Furnace',
  mini_split: 'Mini split',
};

const HVAC_TYPES = [{ value: '', label: 'Not set' }, ...Object.entries(HVAC_TYPE_LABEL).map(([value, label]) => ({ value, label }))];

export const TYPE_LABEL: Record<ApplianceType, string> = {
  hvac: 'Heating and cooling (HVAC)',
  ev_charger: 'EV charger',
  home_battery: 'Home battery',
  water_heater: 'Water heater',
  solar: 'Solar panels',
  dehumidifier: 'Dehumidifier',
  robot: 'Robot (vacuum or mower)',
};

export const CONFIG_FIELDS: Record<ApplianceType, FormField[]> = {
  hvac: [
    entity('entity_id', 'Thermostat entity', ['climate'], 'A climate.* entity that accepts set_temperature, e.g. climate.living_room.', true),
    { key: 'hvac_type', label: 'HVAC type', kind: 'select', options: HVAC_TYPES },
    { key: 'home_size_sqft', label: 'Area it serves (sq ft)', kind: 'integer', min: 100, max: 20000, hint: '100 to 20,000.' },
    entity('indoor_temp_entity_id', 'Indoor temperature sensor', SENSOR, 'Optional sensor.* in °F, used when the thermostat reports no temperature.'),
  ],
  ev_charger: [
    entity('entity_id', 'Charger switch entity', ['switch'], 'A switch.* entity toggled to start and stop charging, e.g. switch.ev_charger.', true),
    { key: 'battery_capacity_kwh', label: 'Battery capacity (kWh)', kind: 'number', min: 0, max: 300, step: 0.1, hint: '0 to 300.' },
    { key: 'max_charge_rate_kw', label: 'Maximum charge rate (kW)', kind: 'number', min: 0, max: 50, step: 0.1, hint: '0 to 50.' },
    { key: 'efficiency', label: 'Charging efficiency', kind: 'number', min: 0.5, max: 1, step: 0.01, hint: '0.5 to 1.0.' },
    entity('soc_entity_id', 'State-of-charge sensor', SENSOR, 'Optional sensor.* with 0-100 % charge.'),
  ],
  home_battery: [
    entity(
      'entity_id',
      'Charge mode entity',
      ['switch', 'button', 'select', 'input_boolean', 'input_button', 'input_select'],
      'A switch, button or select entity (or input_* helper) toggling charge mode.',
      true,
    ),
    { key: 'capacity_kwh', label: 'Capacity (kWh)', kind: 'number', min: 0, max: 300, step: 0.1, hint: '0 to 300.' },
    { key: 'max_charge_rate_kw', label: 'Maximum charge rate (kW)', kind: 'number', min: 0, max: 50, step: 0.1, hint: '0 to 50.' },
    { key: 'max_discharge_rate_kw', label: 'Maximum discharge rate (kW)', kind: 'number', min: 0, max: 50, step: 0.1, hint: '0 to 50.' },
    entity('soc_entity_id', 'State-of-charge sensor', SENSOR, 'Optional sensor.* with the battery charge in %.'),
  ],
  water_heater: [
    entity('entity_id', 'Heater entity', ['switch', 'climate'], 'A switch.* (resistive element) or climate.* (smart tank) entity.', true),
    { key: 'tank_size_gallons', label: 'Tank size (gallons)', kind: 'integer', min: 0, max: 200, hint: '0 to 200.' },
    { key: 'element_watts', label: 'Element power (W)', kind: 'integer', min: 0, max: 10000, hint: '0 to 10,000.' },
    { key: 'insulation_factor', label: 'Insulation factor', kind: 'number', min: 0.01, max: 0.05, step: 0.001, hint: '0.01 to 0.05 (heat lost per hour).' },
    entity('temp_entity_id', 'Tank temperature sensor', SENSOR, 'Optional sensor.* in °F.'),
  ],
  solar: [
    { key: 'system_size_kw', label: 'System size (kW DC)', kind: 'number', min: 0, max: 100, step: 0.1, hint: 'Nameplate, 0 to 100.' },
    { key: 'azimuth_degrees', label: 'Azimuth (degrees)', kind: 'integer', min: 0, max: 360, hint: '0 to 360; 180 is south.' },
    { key: 'tilt_degrees', label: 'Tilt (degrees)', kind: 'integer', min: 0, max: 90, hint: '0 (flat) to 90.' },
    entity('production_sensor_entity_id', 'Production sensor', SENSOR, 'Optional sensor.* with production in W or kW.'),
  ],
  dehumidifier: [
    entity('entity_id', 'Dehumidifier entity', ['humidifier'], 'A humidifier.* entity.', true),
    entity('indoor_temp_entity_id', 'Indoor temperature sensor', SENSOR, 'A sensor.* in °F.', true),
    entity('indoor_humidity_entity_id', 'Humidity sensor', SENSOR, 'Optional sensor.* with relative humidity.'),
    entity('power_sensor_entity_id', 'Power sensor', SENSOR, 'Optional sensor.* in watts.'),
    {
      key: 'capacity_pints_per_day',
      label: 'Capacity (pints per day)',
      kind: 'number',
      min: 0,
      max: 200,
      step: 0.1,
      nullable: true,
      hint: '0 to 200, informational.',
    },
  ],
  robot: [
    entity('entity_id', 'Robot entity', ['vacuum', 'lawn_mower'], 'A vacuum.* or lawn_mower.* entity; it is only ever sent back to its dock.', true),
    {
      key: 'battery_capacity_kwh',
      label: 'Battery capacity (kWh)',
      kind: 'number',
      min: 0,
      max: 10,
      minExclusive: true,
      step: 0.01,
      hint: 'Above 0, up to 10.',
    },
    { key: 'max_charge_rate_kw', label: 'Maximum charge rate (kW)', kind: 'number', min: 0, max: 2, minExclusive: true, step: 0.01, hint: 'Above 0, up to 2.' },
    entity('soc_entity_id', 'Battery sensor', SENSOR, 'Optional sensor.* with 0-100 % charge.'),
  ],
};

const pctField = (key: string, label: string): FormField => ({ key, label, kind: 'number', min: 0, max: 100, step: 1, hint: '0 to 100 %.' });

/** Constraint fields per type; null exactly for the types the contract gives no constraints (checked by the compiler). */
export const CONSTRAINT_FIELDS: { [T in ApplianceType]: [ApplianceConstraints<T>] extends [never] ? null : FormField[] } = {
  ev_charger: [
    pctField('target_charge_pct', 'Target charge (%)'),
    pctField('min_charge_pct', 'Minimum charge (%)'),
    { key: 'deadline_time', label: 'Ready by', kind: 'time', hint: 'Local time the target must be reached.' },
    pctField('current_charge_pct', 'Current charge (%)'),
  ],
  home_battery: [
    pctField('target_charge_pct', 'Target charge (%)'),
    pctField('min_charge_pct', 'Minimum charge (%)'),
    { key: 'deadline_time', label: 'Ready by', kind: 'time' },
  ],
  water_heater: [
    { key: 'max_temp_f', label: 'Maximum tank temperature (°F)', kind: 'number', min: 80, max: 180, step: 1, hint: '80 to 180 °F.' },
    { key: 'min_temp_f', label: 'Minimum tank temperature (°F)', kind: 'number', min: 80, max: 180, step: 1, hint: '80 to 180 °F, below the maximum.' },
  ],
  robot: [
    pctField('target_charge_pct', 'Target charge (%)'),
    pctField('min_charge_pct', 'Minimum charge (%)'),
    pctField('current_charge_pct', 'Current charge (%)'),
    { key: 'tasks_window_start', label: 'Task window starts', kind: 'time', hint: 'The robot is off its dock during this window (may wrap midnight).' },
    { key: 'tasks_window_end', label: 'Task window ends', kind: 'time' },
  ],
  hvac: null,
  solar: null,
  dehumidifier: null,
};

/** Form strings -> the JSON the API expects; empty optional fields are left out (or null). */
export function toPayload(fields: readonly FormField[], values: Record<string, string>, emptyAsNull = false): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = (values[f.key] ?? '').trim();
    if (raw === '') {
      if (f.nullable || emptyAsNull) out[f.key] = null;
      continue;
    }
    out[f.key] = f.kind === 'number' || f.kind === 'integer' ? Number(raw) : raw;
  }
  return out;
}

/** Stored values -> form strings. */
export function toFormValues(fields: readonly FormField[], stored: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) out[f.key] = stored[f.key] == null ? '' : String(stored[f.key]);
  return out;
}

/** What the browser can check before sending: required fields and bounds (the cloud checks again). */
export function checkFields(fields: readonly FormField[], values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const raw = (values[f.key] ?? '').trim();
    const subject = errorSubject(f.label);
    if (raw === '') {
      if (f.required) errors[f.key] = `${subject} is required`;
      continue;
    }
    if (f.kind === 'number' || f.kind === 'integer') {
      const n = Number(raw);
      if (!Number.isFinite(n)) errors[f.key] = `${subject} must be a number`;
      else if (f.kind === 'integer' && !Number.isInteger(n)) errors[f.key] = `${subject} must be an integer`;
      else if (f.min !== undefined && f.max !== undefined && ((f.minExclusive ? n <= f.min : n < f.min) || n > f.max)) {
        errors[f.key] = f.minExclusive ? `${subject} must be greater than ${f.min} and at most ${f.max}` : `${subject} must be between ${f.min} and ${f.max}`;
      }
    }
  }
  return errors;
}
