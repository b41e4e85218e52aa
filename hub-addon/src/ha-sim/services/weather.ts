// weather.get_forecasts: response-only, answers per entity with {forecast: [...]}.
import { HomeAssistantError } from '../errors.js';
import { oneOf } from '../validation.js';
import type { ForecastType } from '../core.js';
import type { DomainServices } from './registry.js';

export const WeatherFeature = { FORECAST_DAILY: 1, FORECAST_HOURLY: 2, FORECAST_TWICE_DAILY: 4 } as const;

const BIT: Record<ForecastType, number> = { daily: 1, hourly: 2, twice_daily: 4 };

export const weatherServices: DomainServices = {
  get_forecasts: {
    name: 'Get forecasts',
    description: 'Get weather forecasts.',
    fields: { type: { required: true, validate: oneOf(['daily', 'hourly', 'twice_daily']) } },
    requiredFeatures: [WeatherFeature.FORECAST_DAILY, WeatherFeature.FORECAST_HOURLY, WeatherFeature.FORECAST_TWICE_DAILY],
    supportsResponse: 'only',
    handler: (entity, call, sim) => {
      const type = call.data.type as ForecastType;
      const features = Number(entity.attributes.supported_features ?? 0);
      if (!(features & BIT[type])) throw new HomeAssistantError(`Weather entity '${entity.entity_id}' does not support '${type}' forecast`);
      return { forecast: sim.forecast(entity.entity_id, type) ?? [] };
    },
  },
};
