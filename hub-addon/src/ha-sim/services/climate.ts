// climate.* services with Core's checks (homeassistant/components/climate/__init__.py).
import type { SimCore } from '../core.js';
import { validationError } from '../errors.js';
import { pyFloat } from '../json.js';
import type { HaState } from '../states.js';
import { coerceEnum, coerceFloat, coerceInt, cvString, hasAtLeastOneKey, Invalid, range } from '../validation.js';
import type { DomainServices, ServiceCall } from './registry.js';
import { numberText, writeEntity } from './write.js';

export const ClimateFeature = {
  TARGET_TEMPERATURE: 1,
  TARGET_TEMPERATURE_RANGE: 2,
  TARGET_HUMIDITY: 4,
  FAN_MODE: 8,
  PRESET_MODE: 16,
  SWING_MODE: 32,
  TURN_OFF: 128,
  TURN_ON: 256,
  SWING_HORIZONTAL_MODE: 512,
} as const;

export const HVAC_MODES = ['off', 'heat', 'cool', 'heat_cool', 'auto', 'dry', 'fan_only'] as const;
const hvacMode = coerceEnum('HVACMode', HVAC_MODES);

function modes(entity: HaState, attr: string): string[] {
  const list = entity.attributes[attr];
  return Array.isArray(list) ? (list as string[]) : [];
}

function validModeOrRaise(kind: 'hvac' | 'fan' | 'preset' | 'swing', mode: string, allowed: string[]): void {
  if (!allowed.includes(mode)) {
    throw validationError('climate', `not_valid_${kind}_mode`, { mode, modes: allowed.join(', ') });
  }
}

function setMode(attr: string, kind: 'fan' | 'preset' | 'swing', listAttr: string) {
  return (entity: HaState, call: ServiceCall, sim: SimCore) => {
    const mode = call.data[attr] as string;
    validModeOrRaise(kind, mode, modes(entity, listAttr));
    writeEntity(sim, entity, call, { attributes: { [attr]: mode } });
  };
}

function lastActiveMode(entity: HaState): string {
  const active = modes(entity, 'hvac_modes').filter((m) => m !== 'off');
  return active.includes('heat_cool') ? 'heat_cool' : active.includes('heat') ? 'heat' : (active[0] ?? 'off');
}

export const climateServices: DomainServices = {
  set_temperature: {
    name: 'Set target temperature',
    description: 'Sets the temperature setpoint.',
    precheck: (data) => {
      hasAtLeastOneKey(data, ['temperature', 'target_temp_high', 'target_temp_low']);
      // The reference: a single temperature together with a low/high range is invalid_format.
      if ('temperature' in data && ('target_temp_low' in data || 'target_temp_high' in data)) {
        throw new Invalid("two or more values in the same group of exclusion 'temperature'", ['<temperature>']);
      }
    },
    fields: {
      temperature: { validate: coerceFloat, exclusive: 'temperature' },
      target_temp_high: { validate: coerceFloat, inclusive: 'temperature' },
      target_temp_low: { validate: coerceFloat, inclusive: 'temperature' },
      hvac_mode: { validate: hvacMode },
    },
    requiredFeatures: [ClimateFeature.TARGET_TEMPERATURE, ClimateFeature.TARGET_TEMPERATURE_RANGE],
    handler: (entity, call, sim) => {
      const features = Number(entity.attributes.supported_features ?? 0);
      const data = call.data;
      if ('temperature' in data && !(features & ClimateFeature.TARGET_TEMPERATURE)) {
        throw validationError('climate', 'missing_target_temperature_entity_feature');
      }
      if ('target_temp_low' in data && !(features & ClimateFeature.TARGET_TEMPERATURE_RANGE)) {
        throw validationError('climate', 'missing_target_temperature_range_entity_feature');
      }
      const low = data.target_temp_low as number | undefined;
      const high = data.target_temp_high as number | undefined;
      if (low && high && low > high) throw validationError('climate', 'low_temp_higher_than_high_temp');
      const min = entity.attributes.min_temp;
      const max = entity.attributes.max_temp;
      const attributes: Record<string, unknown> = {};
      for (const key of ['temperature', 'target_temp_low', 'target_temp_high']) {
        if (!(key in data)) continue;
        const value = data[key] as number;
        if ((typeof min === 'number' && value < min) || (typeof max === 'number' && value > max)) {
          throw validationError('climate', 'temp_out_of_range', { check_temp: pyFloat(value), min_temp: numberText(min), max_temp: numberText(max) });
        }
        attributes[key] = value;
      }
      let state: string | undefined;
      if (typeof data.hvac_mode === 'string') {
        validModeOrRaise('hvac', data.hvac_mode, modes(entity, 'hvac_modes'));
        state = data.hvac_mode;
      }
      writeEntity(sim, entity, call, state === undefined ? { attributes } : { state, attributes });
    },
  },
  set_hvac_mode: {
    name: 'Set HVAC mode',
    description: 'Sets HVAC operation mode.',
    fields: { hvac_mode: { required: true, validate: hvacMode } },
    handler: (entity, call, sim) => {
      const mode = call.data.hvac_mode as string;
      validModeOrRaise('hvac', mode, modes(entity, 'hvac_modes'));
      writeEntity(sim, entity, call, { state: mode });
    },
  },
  set_fan_mode: {
    name: 'Set fan mode',
    description: 'Sets fan operation mode.',
    fields: { fan_mode: { required: true, validate: cvString } },
    requiredFeatures: [ClimateFeature.FAN_MODE],
    handler: setMode('fan_mode', 'fan', 'fan_modes'),
  },
  set_preset_mode: {
    name: 'Set preset mode',
    description: 'Sets preset mode.',
    fields: { preset_mode: { required: true, validate: cvString } },
    requiredFeatures: [ClimateFeature.PRESET_MODE],
    handler: setMode('preset_mode', 'preset', 'preset_modes'),
  },
  set_swing_mode: {
    name: 'Set swing mode',
    description: 'Sets swing operation mode.',
    fields: { swing_mode: { required: true, validate: cvString } },
    requiredFeatures: [ClimateFeature.SWING_MODE],
    handler: setMode('swing_mode', 'swing', 'swing_modes'),
  },
  set_humidity: {
    name: 'Set target humidity',
    description: 'Sets target humidity.',
    fields: { humidity: { required: true, validate: range(coerceInt, 0, 100) } },
    requiredFeatures: [ClimateFeature.TARGET_HUMIDITY],
    handler: (entity, call, sim) => {
      const humidity = call.data.humidity as number;
      const min = entity.attributes.min_humidity ?? 30;
      const max = entity.attributes.max_humidity ?? 99;
      if (humidity < Number(min) || humidity > Number(max)) {
        throw validationError('climate', 'humidity_out_of_range', { humidity: String(humidity), min_humidity: numberText(min), max_humidity: numberText(max) });
      }
      writeEntity(sim, entity, call, { attributes: { humidity } });
    },
  },
  turn_on: {
    name: 'Turn on',
    description: 'Turns climate device on.',
    fields: {},
    requiredFeatures: [ClimateFeature.TURN_ON],
    handler: (entity, call, sim) => {
      if (entity.state === 'off') writeEntity(sim, entity, call, { state: lastActiveMode(entity) });
    },
  },
  turn_off: {
    name: 'Turn off',
    description: 'Turns climate device off.',
    fields: {},
    requiredFeatures: [ClimateFeature.TURN_OFF],
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { state: 'off' }),
  },
  toggle: {
    name: 'Toggle',
    description: 'Toggles climate device, from on to off, or off to on.',
    fields: {},
    requiredFeatures: [ClimateFeature.TURN_OFF | ClimateFeature.TURN_ON],
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { state: entity.state === 'off' ? lastActiveMode(entity) : 'off' }),
  },
};
