// Core's exceptions as the WebSocket API reports them, with the English translations of the
// keys the simulator raises (homeassistant/components/homeassistant/strings.json and the climate,
// humidifier, select, water_heater strings). Core's climate tests show the mode messages without a
// final period; the range messages keep the one FIXTURE.md and the reference print.

export type Placeholders = Record<string, string>;

const TRANSLATIONS: Record<string, Record<string, string>> = {
  homeassistant: {
    service_not_found: 'Action {domain}.{service} not found.',
    service_not_supported: 'Entity {entity_id} does not support action {domain}.{service}.',
    service_does_not_support_response: "An action which does not return responses can't be called with {return_response}.",
    service_lacks_response_request: 'The action requires responses and must be called with {return_response}.',
  },
  climate: {
    temp_out_of_range: 'Provided temperature {check_temp} is not valid. Accepted range is {min_temp} to {max_temp}.',
    not_valid_hvac_mode: 'HVAC mode {mode} is not valid. Valid HVAC modes are: {modes}',
    not_valid_fan_mode: 'Fan mode {mode} is not valid. Valid fan modes are: {modes}',
    not_valid_preset_mode: 'Preset mode {mode} is not valid. Valid preset modes are: {modes}',
    not_valid_swing_mode: 'Swing mode {mode} is not valid. Valid swing modes are: {modes}',
    low_temp_higher_than_high_temp: "'Lower target temperature' cannot be higher than 'Upper target temperature'",
    humidity_out_of_range: 'Provided humidity {humidity} is not valid. Accepted range is {min_humidity} to {max_humidity}.',
    missing_target_temperature_entity_feature: 'Set temperature action was used with the target temperature parameter but the entity does not support it.',
    missing_target_temperature_range_entity_feature:
      'Set temperature action was used with the target temperature low/high parameter but the entity does not support it.',
  },
  humidifier: {
    humidity_out_of_range: 'Provided humidity {humidity} is not valid. Accepted range is {min_humidity} to {max_humidity}.',
  },
  water_heater: {
    temp_out_of_range: 'Provided temperature {check_temp} is not valid. Accepted range is {min_temp} to {max_temp}.',
    not_valid_operation_mode: 'Operation mode {operation_mode} is not valid for {entity_id}. Valid operation modes are: {operation_modes}.',
  },
  select: {
    not_valid_option: 'Option {option} is not valid for {entity_id}. Valid options are: {options}.',
  },
};

function translate(domain: string, key: string, placeholders: Placeholders | null): string {
  const template = TRANSLATIONS[domain]?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => placeholders?.[name] ?? `{${name}}`);
}

/** HomeAssistantError: code home_assistant_error, message str(err). */
export class HomeAssistantError extends Error {
  readonly translationDomain: string | null;
  readonly translationKey: string | null;
  readonly translationPlaceholders: Placeholders | null;

  constructor(message: string | null, translation?: { domain: string; key: string; placeholders?: Placeholders }) {
    super(message ?? (translation ? translate(translation.domain, translation.key, translation.placeholders ?? null) : ''));
    this.translationDomain = translation?.domain ?? null;
    this.translationKey = translation?.key ?? null;
    this.translationPlaceholders = translation?.placeholders ?? null;
  }
}

/** ServiceValidationError: code service_validation_error, message "Validation error: <str(err)>". */
export class ServiceValidationError extends HomeAssistantError {}

export function validationError(domain: string, key: string, placeholders?: Placeholders): ServiceValidationError {
  return new ServiceValidationError(null, placeholders ? { domain, key, placeholders } : { domain, key });
}

export class ServiceNotFound extends HomeAssistantError {
  constructor(
    readonly domain: string,
    readonly service: string,
  ) {
    super(null, { domain: 'homeassistant', key: 'service_not_found', placeholders: { domain, service } });
  }
}

export class ServiceNotSupported extends ServiceValidationError {
  constructor(domain: string, service: string, entityId: string) {
    super(null, { domain: 'homeassistant', key: 'service_not_supported', placeholders: { entity_id: entityId, domain, service } });
  }
}
