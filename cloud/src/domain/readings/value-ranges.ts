// Where an appliance's readings go and the allowed range of `value` on the
// appliance readings endpoint, per type as its spec says (domain/appliance-types/); the error
// texts are the contract's.
import { APPLIANCE_TYPES, applianceTypes, type ApplianceType } from '../appliance-types/index.js';

/** True for the types whose readings go to POST /api/v1/readings (indoor temperature and state). */
export function takesHvacReadings(type: ApplianceType): boolean {
  return applianceTypes[type].readings.endpoint === 'hvac';
}

/** The types whose readings are HVAC readings (the hvac_readings table), in the contract's order. */
export const HVAC_READING_TYPES: readonly ApplianceType[] = APPLIANCE_TYPES.filter(takesHvacReadings);

/** The 400 detail when an HVAC or dehumidifier is sent to the appliance readings endpoint. */
export function hvacOnValueEndpointDetail(type: ApplianceType): string {
  return `${type} appliances take readings through POST /api/v1/readings, not the appliance readings endpoint`;
}

/**
 * The contract's 400 detail when `value` is outside the type's range (bounds inclusive), else
 * null; a type without value readings refuses every one.
 */
export function valueRangeDetail(type: ApplianceType, value: number): string | null {
  const route = applianceTypes[type].readings;
  if (route.endpoint === 'hvac') return hvacOnValueEndpointDetail(type);
  return value >= route.range.min && value <= route.range.max ? null : route.range.detail;
}
