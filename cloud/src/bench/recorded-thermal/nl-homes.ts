// The three Dutch homes of `../shared/data/recorded/nl-homes-thermal/` (a heating season, 15-minute
// rows) as the cloud would receive them: one HVAC reading body per row, validated by the readings
// schema and normalised as the readings service stores it, plus the hourly outdoor temperatures as
// a weather push. The conversion rule is in README.md beside this file.
import { hvacReadingSchema, type HvacReadingInput } from '../../contract/readings.js';
import { weatherPointsFromPushes } from '../../domain/planning/weather-history.js';
import { normalizeHvacState } from '../../domain/readings/hvac-state.js';
import type { ThermalReading } from '../../domain/thermal/duty.js';
import type { WeatherPoint } from '../../domain/thermal/resample.js';
import { HOUR_MS } from '../../domain/time/durations.js';
import { readRecorded } from '../recorded-data.js';

export const HOMES = ['blg_1', 'blg_2', 'blg_3'] as const;

/** Nominal emitter output per kelvin of heating water above the room, W/K: only ratios matter (the fit learns the rated power as a percentile). */
const EMITTER_W_PER_K = 100;

const fahrenheit = (celsius: number) => Math.round((celsius * 1.8 + 32) * 100) / 100;

/** One 15-minute row of a file: UTC start, solar irradiance (kW/m²), outdoor, indoor and heating water temperatures (°C). */
export interface HomeRow {
  atMs: number;
  solarKwPerM2: number;
  outdoorC: number;
  indoorC: number;
  waterC: number;
}

export interface RecordedThermalHome {
  name: string;
  rows: HomeRow[];
  /** The rows as stored readings (what `fitThermalModel` receives from the store). */
  readings: ThermalReading[];
  /** Hourly outdoor temperatures as the fit's weather history, F. */
  weather: WeatherPoint[];
}

/** Reads one home's file; throws naming the path when it is absent. */
function readRows(name: string): HomeRow[] {
  const lines = readRecorded(`nl-homes-thermal/${name}.csv`).trim().split('\n').slice(1);
  return lines.map((line) => {
    const [, t, ps, ta, ti, thm] = line.split(';');
    return { atMs: Date.parse(`${t!.replace(' ', 'T')}Z`), solarKwPerM2: Number(ps), outdoorC: Number(ta), indoorC: Number(ti), waterC: Number(thm) };
  });
}

/**
 * The reading body a hub would push for a row: the heating mode, `heating` while the water is
 * warmer than the room and `idle` otherwise, and as `power_watts` the emitters' output, taken as
 * proportional to the water's excess over the room. No outdoor temperature (the weather history
 * gives it) and no setpoint (the files have none).
 */
export function readingBody(row: HomeRow): HvacReadingInput {
  const excessK = Math.max(0, row.waterC - row.indoorC);
  return {
    timestamp: new Date(row.atMs).toISOString(),
    indoor_temp: fahrenheit(row.indoorC),
    hvac_state: 'heat',
    hvac_action: excessK > 0 ? 'heating' : 'idle',
    power_watts: Math.round(excessK * EMITTER_W_PER_K),
  };
}

/** A validated body as the store hands it to the fit (the readings service's normalisation, the repository's mapping). */
function storedReading(body: HvacReadingInput): ThermalReading {
  const r = hvacReadingSchema.validateSync(body, { strict: true }) as HvacReadingInput;
  const hvacState = normalizeHvacState(r.hvac_state, r.hvac_action);
  if (!hvacState) throw new Error(`unexpected hvac_state ${r.hvac_state}`);
  return {
    at: new Date(r.timestamp),
    indoorTempF: r.indoor_temp,
    hvacState,
    hvacAction: r.hvac_action ?? null,
    outdoorTempF: r.outdoor_temp ?? null,
    powerW: r.power_watts ?? null,
    targetTempF: r.target_temp ?? null,
  };
}

/** The files repeat each hourly outdoor value over four rows: one weather push of the value at each hour's start. */
function hourlyWeather(rows: readonly HomeRow[]): WeatherPoint[] {
  const hourly = rows.filter((r) => r.atMs % HOUR_MS === 0);
  return weatherPointsFromPushes([{ startsAt: new Date(hourly[0]!.atMs), hourlyTempsF: hourly.map((r) => fahrenheit(r.outdoorC)) }]);
}

export function loadRecordedThermalHome(name: string): RecordedThermalHome {
  const rows = readRows(name);
  return { name, rows, readings: rows.map((r) => storedReading(readingBody(r))), weather: hourlyWeather(rows) };
}
