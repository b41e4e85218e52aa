import type { Sequelize } from 'sequelize';
import { defineAppliance } from './appliances.js';
import { defineApplianceConstraints } from './appliance-constraints.js';
import { defineDeviceCommand } from './device-commands.js';
import { defineDevice } from './devices.js';
import { defineEnrollToken } from './enroll-tokens.js';
import { defineAccountPreferences, defineAppliancePreferences } from './preferences.js';
import { defineProfile } from './profiles.js';
import { defineRateSettings } from './rate-settings.js';
import { defineRefreshToken } from './refresh-tokens.js';
import { defineUser } from './users.js';
import { defineWeatherForecast } from './weather-forecasts.js';

export type { ApplianceRow, ApplianceType } from './appliances.js';
export type { ApplianceConstraintsRow } from './appliance-constraints.js';
export type { DeviceCommandKind, DeviceCommandRow } from './device-commands.js';
export type { DeviceRow } from './devices.js';
export type { EnrollTokenRow } from './enroll-tokens.js';
export type { PreferencesRow } from './preferences.js';
export type { ProfileRow } from './profiles.js';
export type { RateSettingsRow } from './rate-settings.js';
export type { NewApplianceReading, NewHvacReading } from './readings.js';
export type { RefreshTokenRow } from './refresh-tokens.js';
export type { SignupProfile, UserRow } from './users.js';
export type { WeatherForecastRow } from './weather-forecasts.js';

/** Every Sequelize model, defined once per database instance. Instances never leave store/. */
export function defineModels(db: Sequelize) {
  return {
    User: defineUser(db),
    Profile: defineProfile(db),
    RefreshToken: defineRefreshToken(db),
    Appliance: defineAppliance(db),
    ApplianceConstraints: defineApplianceConstraints(db),
    AccountPreferences: defineAccountPreferences(db),
    AppliancePreferences: defineAppliancePreferences(db),
    RateSettings: defineRateSettings(db),
    WeatherForecast: defineWeatherForecast(db),
    EnrollToken: defineEnrollToken(db),
    Device: defineDevice(db),
    DeviceCommand: defineDeviceCommand(db),
  };
}

export type Models = ReturnType<typeof defineModels>;
