// Pure physics of the simulated house, in SI-ish units (°C, kWh, W, hours); no clock, no states.

/** Outdoor temperature: a daily sine with its low at 05:00 and its high at 15:00 local time. */
export function outdoorC(localHour: number, meanC: number, swingC: number): number {
  return meanC + swingC * Math.cos((2 * Math.PI * (localHour - 15)) / 24);
}

export interface ThermalParams {
  /** Hours for the indoor-outdoor gap to shrink by 1/e with the HVAC off. */
  timeConstantH: number;
  /** °C per hour the heat pump adds while heating, and removes while cooling. */
  heatRateCPerH: number;
  coolRateCPerH: number;
}

export type HvacAction = 'off' | 'idle' | 'heating' | 'cooling';

/** The thermostat: heat below target - deadband, stop above target + deadband, hold in between. */
export function hvacAction(mode: string, indoorC: number, targetC: number | null, deadbandC: number, previous: HvacAction): HvacAction {
  if (targetC === null || (mode !== 'heat' && mode !== 'cool')) return mode === 'off' ? 'off' : 'idle';
  if (mode === 'heat') {
    if (indoorC < targetC - deadbandC) return 'heating';
    if (indoorC > targetC + deadbandC) return 'idle';
    return previous === 'heating' ? 'heating' : 'idle';
  }
  if (indoorC > targetC + deadbandC) return 'cooling';
  if (indoorC < targetC - deadbandC) return 'idle';
  return previous === 'cooling' ? 'cooling' : 'idle';
}

/** Indoor temperature after dtH hours: exponential approach to outdoor plus the HVAC's drive. */
export function indoorStep(indoorC: number, outdoorCNow: number, action: HvacAction, dtH: number, p: ThermalParams): number {
  const drive = action === 'heating' ? p.heatRateCPerH : action === 'cooling' ? -p.coolRateCPerH : 0;
  const equilibrium = outdoorCNow + drive * p.timeConstantH;
  return equilibrium + (indoorC - equilibrium) * Math.exp(-dtH / p.timeConstantH);
}

/** State of charge after charging at kW for dtH hours into capacityKWh, capped at 100 %. */
export function socStep(socPct: number, kW: number, dtH: number, capacityKWh: number): number {
  return Math.min(100, Math.max(0, socPct + ((kW * dtH) / capacityKWh) * 100));
}

/** A deterministic value in [-1, 1] for an integer (the same minute always gets the same noise). */
export function noise(n: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  x ^= x >>> 16;
  return ((x >>> 0) / 0xffffffff) * 2 - 1;
}

/** Base household load in W by local hour: a night floor, a breakfast and a larger evening peak. */
export function baseLoadW(localHour: number): number {
  const bump = (center: number, width: number, height: number) => height * Math.exp(-(((localHour - center) / width) ** 2));
  return 250 + bump(7.5, 1, 900) + bump(13, 1.5, 300) + bump(19, 1.7, 1500);
}

export function cToF(c: number): number {
  return (c * 9) / 5 + 32;
}

export function fToC(f: number): number {
  return ((f - 32) * 5) / 9;
}

/** The hour of day (fractional) at instant ms in an IANA time zone. */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function localHour(ms: number, timeZone: string): number {
  let f = formatters.get(timeZone);
  if (!f) formatters.set(timeZone, (f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })));
  const parts = f.formatToParts(new Date(ms));
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return h + m / 60;
}

/** The houses of the zones the tests and benches use, degrees (south and west negative). */
const ZONE_CITIES: Record<string, { latitude: number; longitude: number }> = {
  'Europe/London': { latitude: 51.5, longitude: -0.12 },
  'America/New_York': { latitude: 40.71, longitude: -74.01 },
};
// Mid-January and mid-July: one of them is standard time in either hemisphere.
const STANDARD_TIME_PROBES = [Date.parse('2025-01-15T12:00:00Z'), Date.parse('2025-07-15T12:00:00Z')];

/**
 * Where a house in `timeZone` stands: a listed zone's city, else latitude 40 on the meridian of the
 * zone's standard time (15 degrees an hour). The add-on sends it to the cloud, which places the sun
 * with it, so it agrees with the house's clock.
 */
export function houseLocation(timeZone: string): { latitude: number; longitude: number } {
  const city = ZONE_CITIES[timeZone];
  if (city) return city;
  const offsetsH = STANDARD_TIME_PROBES.map((ms) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value;
    const m = /^GMT([+-])(\d\d):(\d\d)$/.exec(name ?? '');
    return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) + Number(m[3]) / 60) : 0;
  });
  return { latitude: 40, longitude: Math.min(...offsetsH) * 15 };
}
