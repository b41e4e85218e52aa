// Outdoor conditions driving the simulated room: a daily sinusoid, or a supplied hourly series.
import { HOUR_MS } from '@offpeak/cloud/contract';

/** Outdoor temperature and relative humidity at one instant. */
export interface OutdoorConditions {
  tempF: number;
  humidity: number;
}

/** Outdoor conditions as a function of time, ms since the epoch. */
export type Weather = (ms: number) => OutdoorConditions;

/** Options of the daily sinusoid. */
export interface SinusoidOptions {
  meanF?: number;
  amplitudeF?: number;
  /** Local hour of the daily peak. */
  peakHour?: number;
  /** Offset of local time, to place the peak. */
  utcOffsetMinutes?: number;
  /** Mean relative humidity, %; it swings opposite to temperature, as it does outdoors. */
  humidity?: number;
}

const clampPct = (v: number) => Math.min(100, Math.max(0, v));

/** A day that peaks at `peakHour` local (defaults: a summer day, 75-95 F peaking at 15:00, 55 % RH). */
export function dailySinusoid(options: SinusoidOptions = {}): Weather {
  const { meanF = 85, amplitudeF = 10, peakHour = 15, utcOffsetMinutes = 0, humidity = 55 } = options;
  return (ms) => {
    const localHour = (ms / HOUR_MS + utcOffsetMinutes / 60) % 24;
    const phase = Math.cos(((localHour - peakHour) / 24) * 2 * Math.PI);
    return { tempF: meanF + amplitudeF * phase, humidity: clampPct(humidity - 15 * phase) };
  };
}

/** Options of a supplied series. */
export interface SeriesOptions {
  /** Instant of the first value. */
  startMs: number;
  /** One temperature per hour, F. */
  tempsF: number[];
  /** One relative humidity per hour, %; default 50 throughout. */
  humidity?: number[];
}

/** Linear interpolation between hourly values, holding the first and last beyond the ends. */
export function hourlySeries(options: SeriesOptions): Weather {
  const { startMs, tempsF, humidity } = options;
  if (tempsF.length === 0) throw new Error('hourlySeries needs at least one temperature');
  const at = (values: number[], h: number) => {
    const i = Math.min(values.length - 1, Math.max(0, Math.floor(h)));
    const j = Math.min(values.length - 1, i + 1);
    const f = Math.min(1, Math.max(0, h - i));
    return values[i]! + (values[j]! - values[i]!) * f;
  };
  return (ms) => {
    const h = (ms - startMs) / HOUR_MS;
    return { tempF: at(tempsF, h), humidity: humidity?.length ? clampPct(at(humidity, h)) : 50 };
  };
}
