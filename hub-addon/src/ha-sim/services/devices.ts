// vacuum.*, lawn_mower.*, humidifier.* and water_heater.* services.
import type { SimCore } from '../core.js';
import { validationError } from '../errors.js';
import { pyFloat } from '../json.js';
import type { HaState } from '../states.js';
import { coerceFloat, coerceInt, cvBoolean, cvString, range } from '../validation.js';
import type { DomainServices, ServiceCall } from './registry.js';
import { numberText, writeEntity } from './write.js';

export const VacuumFeature = {
  PAUSE: 4,
  STOP: 8,
  RETURN_HOME: 16,
  FAN_SPEED: 32,
  SEND_COMMAND: 256,
  LOCATE: 512,
  CLEAN_SPOT: 1024,
  STATE: 4096,
  START: 8192,
} as const;
export const LawnMowerFeature = { START_MOWING: 1, PAUSE: 2, DOCK: 4 } as const;

/** `returning` now (with the call's context), `docked` after behaviour.dock_after_seconds (a new context, as a device update). */
function returnToDock(entity: HaState, call: ServiceCall, sim: SimCore): void {
  writeEntity(sim, entity, call, { state: 'returning' });
  sim.schedule(sim.behaviour.dock_after_seconds * 1000, () => {
    const now = sim.states.get(entity.entity_id);
    if (now?.state === 'returning') sim.states.set(now.entity_id, 'docked', { ...now.attributes });
  });
}

function toState(state: string) {
  return (entity: HaState, call: ServiceCall, sim: SimCore) => writeEntity(sim, entity, call, { state });
}

export const vacuumServices: DomainServices = {
  start: {
    name: 'Start',
    description: 'Starts or resumes the cleaning task.',
    fields: {},
    requiredFeatures: [VacuumFeature.START],
    handler: toState('cleaning'),
  },
  pause: { name: 'Pause', description: 'Pauses the cleaning task.', fields: {}, requiredFeatures: [VacuumFeature.PAUSE], handler: toState('paused') },
  stop: { name: 'Stop', description: 'Stops the current cleaning task.', fields: {}, requiredFeatures: [VacuumFeature.STOP], handler: toState('idle') },
  return_to_base: {
    name: 'Return to dock',
    description: 'Tells the vacuum cleaner to return to its dock.',
    fields: {},
    requiredFeatures: [VacuumFeature.RETURN_HOME],
    handler: returnToDock,
  },
  locate: { name: 'Locate', description: 'Locates the vacuum cleaner robot.', fields: {}, requiredFeatures: [VacuumFeature.LOCATE], handler: () => undefined },
  clean_spot: {
    name: 'Clean spot',
    description: 'Tells the vacuum cleaner to do a spot clean-up.',
    fields: {},
    requiredFeatures: [VacuumFeature.CLEAN_SPOT],
    handler: toState('cleaning'),
  },
  set_fan_speed: {
    name: 'Set fan speed',
    description: 'Sets the fan speed of the vacuum cleaner.',
    fields: { fan_speed: { required: true, validate: cvString } },
    requiredFeatures: [VacuumFeature.FAN_SPEED],
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { attributes: { fan_speed: call.data.fan_speed } }),
  },
};

export const lawnMowerServices: DomainServices = {
  start_mowing: {
    name: 'Start',
    description: 'Starts the mowing task.',
    fields: {},
    requiredFeatures: [LawnMowerFeature.START_MOWING],
    handler: toState('mowing'),
  },
  pause: { name: 'Pause', description: 'Pauses the mowing task.', fields: {}, requiredFeatures: [LawnMowerFeature.PAUSE], handler: toState('paused') },
  dock: {
    name: 'Return to dock',
    description: 'Stops the mowing task and returns to the dock.',
    fields: {},
    requiredFeatures: [LawnMowerFeature.DOCK],
    handler: returnToDock,
  },
};

export const humidifierServices: DomainServices = {
  set_humidity: {
    name: 'Set humidity',
    description: 'Sets the target humidity.',
    fields: { humidity: { required: true, validate: range(coerceInt, 0, 100) } },
    handler: (entity, call, sim) => {
      const humidity = call.data.humidity as number;
      const min = entity.attributes.min_humidity ?? 0;
      const max = entity.attributes.max_humidity ?? 100;
      if (humidity < Number(min) || humidity > Number(max)) {
        throw validationError('humidifier', 'humidity_out_of_range', {
          humidity: String(humidity),
          min_humidity: numberText(min),
          max_humidity: numberText(max),
        });
      }
      writeEntity(sim, entity, call, { attributes: { humidity } });
    },
  },
  set_mode: {
    name: 'Set mode',
    description: 'Sets the humidifier operation mode.',
    fields: { mode: { required: true, validate: cvString } },
    requiredFeatures: [1],
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { attributes: { mode: call.data.mode } }),
  },
  turn_on: { name: 'Turn on', description: 'Turns the humidifier on.', fields: {}, handler: toState('on') },
  turn_off: { name: 'Turn off', description: 'Turns the humidifier off.', fields: {}, handler: toState('off') },
  toggle: {
    name: 'Toggle',
    description: 'Toggles the humidifier on/off.',
    fields: {},
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { state: entity.state === 'on' ? 'off' : 'on' }),
  },
};

export const WaterHeaterFeature = { TARGET_TEMPERATURE: 1, OPERATION_MODE: 2, AWAY_MODE: 4, ON_OFF: 8 } as const;

function validOperationMode(entity: HaState, mode: string): void {
  const list = Array.isArray(entity.attributes.operation_list) ? (entity.attributes.operation_list as string[]) : [];
  if (!list.includes(mode)) {
    throw validationError('water_heater', 'not_valid_operation_mode', { operation_mode: mode, entity_id: entity.entity_id, operation_modes: list.join(', ') });
  }
}

export const waterHeaterServices: DomainServices = {
  set_temperature: {
    name: 'Set temperature',
    description: 'Sets the target temperature.',
    fields: { temperature: { required: true, validate: coerceFloat }, operation_mode: { validate: cvString } },
    requiredFeatures: [WaterHeaterFeature.TARGET_TEMPERATURE],
    handler: (entity, call, sim) => {
      const temperature = call.data.temperature as number;
      const { min_temp: min, max_temp: max } = entity.attributes;
      if (sim.behaviour.water_heater_range_check && ((typeof min === 'number' && temperature < min) || (typeof max === 'number' && temperature > max))) {
        throw validationError('water_heater', 'temp_out_of_range', { check_temp: pyFloat(temperature), min_temp: numberText(min), max_temp: numberText(max) });
      }
      const mode = call.data.operation_mode as string | undefined;
      if (mode !== undefined) validOperationMode(entity, mode);
      writeEntity(sim, entity, call, mode === undefined ? { attributes: { temperature } } : { state: mode, attributes: { temperature, operation_mode: mode } });
    },
  },
  set_operation_mode: {
    name: 'Set operation mode',
    description: 'Sets the operation mode.',
    fields: { operation_mode: { required: true, validate: cvString } },
    requiredFeatures: [WaterHeaterFeature.OPERATION_MODE],
    handler: (entity, call, sim) => {
      const mode = call.data.operation_mode as string;
      validOperationMode(entity, mode);
      writeEntity(sim, entity, call, { state: mode, attributes: { operation_mode: mode } });
    },
  },
  set_away_mode: {
    name: 'Set away mode',
    description: 'Turns away mode on/off.',
    fields: { away_mode: { required: true, validate: cvBoolean } },
    requiredFeatures: [WaterHeaterFeature.AWAY_MODE],
    handler: (entity, call, sim) => writeEntity(sim, entity, call, { attributes: { away_mode: call.data.away_mode ? 'on' : 'off' } }),
  },
  turn_on: { name: 'Turn on', description: 'Turns water heater on.', fields: {}, requiredFeatures: [WaterHeaterFeature.ON_OFF], handler: toState('on') },
  turn_off: { name: 'Turn off', description: 'Turns water heater off.', fields: {}, requiredFeatures: [WaterHeaterFeature.ON_OFF], handler: toState('off') },
};
