// Unit conversions between Home Assistant's units and the cloud's (Fahrenheit, mph).

export type TempUnit = '°C' | '°F' | 'K';

/** A temperature in `unit` as Fahrenheit. */
export function toF(value: number, unit: string | undefined): number {
  if (unit === '°C' || unit === 'C') return value * 1.8 + 32;
  if (unit === 'K') return (value - 273.15) * 1.8 + 32;
  return value;
}

/** A Fahrenheit temperature in `unit` (°C or °F). */
export function fromF(valueF: number, unit: string): number {
  return unit === '°C' ? (valueF - 32) / 1.8 : valueF;
}

/** A wind speed in `unit` (km/h, m/s, mph, kn, ft/s) as mph; null for an unknown unit. */
export function toMph(value: number, unit: string | undefined): number | null {
  switch (unit) {
    case 'mph':
    case undefined:
      return value;
    case 'km/h':
      return value / 1.609344;
    case 'm/s':
      return value * 2.2369363;
    case 'kn':
      return value * 1.1507794;
    case 'ft/s':
      return value * 0.6818182;
    default:
      return null;
  }
}

/**
 * The setpoint step of a climate entity in `unit` (the system's °C or °F): its `target_temp_step`,
 * else what Home Assistant's frontend assumes (0.5 °C, 1 °F). The add-on snaps every setpoint it
 * sends to it, and reports it with each reading.
 */
export function targetTempStep(attributes: Record<string, unknown>, unit: string): number {
  return Number(attributes.target_temp_step) || (unit === '°C' ? 0.5 : 1);
}

/** `value` on the entity's step grid (0.5 °C, 1 °F by default), inside [min, max]. */
export function snapSetpoint(value: number, step: number, min: number | undefined, max: number | undefined): number {
  let v = Math.round(value / step) * step;
  if (min !== undefined && v < min) v = Math.ceil(min / step) * step;
  if (max !== undefined && v > max) v = Math.floor(max / step) * step;
  return Number(v.toFixed(2));
}

/** A numeric entity state, or null for unknown/unavailable/non-numeric. */
export function numericState(state: string | undefined): number | null {
  if (state === undefined || state === '') return null;
  const n = Number(state);
  return Number.isFinite(n) ? n : null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
export { round1 };
