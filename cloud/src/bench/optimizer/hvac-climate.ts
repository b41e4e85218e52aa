// Synthetic summer weather for the simulated house: daily outdoor cycles and sun.
import { HOUR_MS } from '../../domain/time/durations.js';

/** One day's weather: mean and peak-to-trough swing of the outdoor temperature, cloud cover 0-1. */
export interface DayWeather {
  meanF: number;
  swingF: number;
  cloudiness: number;
}

export interface Climate {
  outdoorF(atMs: number): number;
  /** Sun on the windows, fraction of a clear noon. */
  sunFraction(atMs: number): number;
}

/** A typical inland-California July day (PG&E territory): 67 F at dawn, 91 F mid-afternoon, clear. */
export const TYPICAL_SUMMER_DAY: DayWeather = { meanF: 79, swingF: 24, cloudiness: 0.05 };
/** A heatwave day: 73 F to 99 F, clear. */
export const HEATWAVE_DAY: DayWeather = { meanF: 86, swingF: 26, cloudiness: 0.05 };

/** A summer day: mean 74-86 F, swing 16-26 F (highs of 82-99 F), mostly clear. */
export function drawSummerDay(rng: () => number): DayWeather {
  const cloudiness = rng() < 0.7 ? rng() * 0.2 : 0.3 + rng() * 0.6;
  return { meanF: 74 + rng() * 12, swingF: 16 + rng() * 10, cloudiness };
}

/** A winter day: mean 30-55 F, swing 10-20 F, often cloudy. */
export function drawWinterDay(rng: () => number): DayWeather {
  const cloudiness = rng() < 0.5 ? rng() * 0.2 : 0.3 + rng() * 0.7;
  return { meanF: 30 + rng() * 25, swingF: 10 + rng() * 10, cloudiness };
}

/**
 * A climate starting at local midnight `startMs`: the outdoor temperature follows a cosine peaking
 * at 15:00, its mean and swing blending from one day's values to the next between noons; the sun
 * is a half sine from 06:00 to 20:00 dimmed by the day's clouds.
 */
export function climateOf(days: readonly DayWeather[], startMs: number, daylight: readonly [number, number] = [6, 20]): Climate {
  const dayAt = (i: number) => days[Math.min(days.length - 1, Math.max(0, i))]!;
  const localHours = (atMs: number) => (atMs - startMs) / HOUR_MS;
  return {
    outdoorF(atMs) {
      const h = localHours(atMs);
      const pos = (h - 12) / 24;
      const i = Math.floor(pos);
      const w = pos - i;
      const a = dayAt(i);
      const b = dayAt(i + 1);
      const mean = a.meanF * (1 - w) + b.meanF * w;
      const swing = a.swingF * (1 - w) + b.swingF * w;
      return mean + (swing / 2) * Math.cos((2 * Math.PI * (h - 15)) / 24);
    },
    sunFraction(atMs) {
      const h = localHours(atMs);
      const hourOfDay = ((h % 24) + 24) % 24;
      const [rise, set] = daylight;
      if (hourOfDay < rise || hourOfDay > set) return 0;
      return Math.sin((Math.PI * (hourOfDay - rise)) / (set - rise)) * (1 - 0.7 * dayAt(Math.floor(h / 24)).cloudiness);
    },
  };
}
