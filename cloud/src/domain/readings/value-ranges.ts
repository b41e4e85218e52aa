// What `value` means on a non-HVAC appliance reading (interface 2.5) and its allowed range per
// appliance type; the error texts are the contract's (section 7).

/** Appliance types, as stored (mirrors store's ApplianceType; the domain imports nothing outside itself). */
export type ReadingApplianceType = 'hvac' | 'ev_charger' | 'home_battery' | 'water_heater' | 'solar' | 'dehumidifier' | 'robot';

/** Types whose readings are HVAC readings (indoor temperature and state) on POST /api/v1/readings. */
export type HvacLikeType = 'hvac' | 'dehumidifier';

/** Types that push readings to POST /api/v1/appliances/{id}/readings. */
export type ValueReadingType = Exclude<ReadingApplianceType, HvacLikeType>;

interface ValueRange {
  min: number;
  max: number;
  detail: string;
}

const PERCENT: ValueRange = { min: 0, max: 100, detail: 'EV/battery value must be 0-100 (percent)' };

/** Robots report their battery like an EV (decisions.md). */
const RANGES: Readonly<Record<ValueReadingType, ValueRange>> = {
  ev_charger: PERCENT,
  home_battery: PERCENT,
  robot: PERCENT,
  water_heater: { min: 60, max: 180, detail: 'Value must be 60-180 (degrees F) for water_heater' },
  solar: { min: 0, max: 100_000, detail: 'Value must be 0-100000 (watts) for solar' },
};

/** True for the types whose readings go to POST /api/v1/readings. */
export function takesHvacReadings(type: ReadingApplianceType): type is HvacLikeType {
  return type === 'hvac' || type === 'dehumidifier';
}

/** The 400 detail when an HVAC or dehumidifier is sent to the appliance readings endpoint. */
export function hvacOnValueEndpointDetail(type: HvacLikeType): string {
  return `${type} appliances take readings through POST /api/v1/readings, not the appliance readings endpoint`;
}

/** The contract's 400 detail when `value` is outside the type's range (bounds inclusive), else null. */
export function valueRangeDetail(type: ValueReadingType, value: number): string | null {
  const range = RANGES[type];
  return value >= range.min && value <= range.max ? null : range.detail;
}
