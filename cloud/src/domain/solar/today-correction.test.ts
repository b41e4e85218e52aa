import { describe, expect, it } from 'vitest';
import { correctRemainingSlots, measuredRatio, MIN_FORECAST_KWH, RATIO_DEAD_BAND, RATIO_RANGE } from './today-correction.js';

const HOURS = new Array<number>(48).fill(0.5);
/** A day forecast at 4 kW from 08:00 to 16:00. */
const FORECAST = Array.from({ length: 48 }, (_, i) => (i >= 16 && i < 32 ? 4 : 0));
const measured = (kw: number, untilSlot: number) => FORECAST.map((f, i) => (i < untilSlot ? f * kw : null));

describe('measuredRatio', () => {
  it('is measured over forecast energy over the elapsed slots with readings', () => {
    expect(measuredRatio(FORECAST, measured(0.5, 22), HOURS, 22)).toBeCloseTo(0.5);
  });

  it('ignores slots without a reading and slots from fromSlot on', () => {
    const partial = measured(0.5, 22).map((kw, i) => (i === 18 ? null : kw));
    partial[30] = 100;
    expect(measuredRatio(FORECAST, partial, HOURS, 22)).toBeCloseTo(0.5);
  });

  it('does not apply under the minimum forecast energy, so one dawn reading does not swing the day', () => {
    // One half hour at 4 kW forecasts 2 kWh; half of it is under the minimum.
    const dawn = FORECAST.map((f) => f / 4);
    expect(dawn[16]! * 0.5).toBeLessThan(MIN_FORECAST_KWH);
    expect(measuredRatio(dawn, measured(0, 17), HOURS, 17)).toBeNull();
  });

  it('leaves a forecast the production is near, so a re-plan changes nothing', () => {
    expect(measuredRatio(FORECAST, measured(1 - RATIO_DEAD_BAND / 2, 22), HOURS, 22)).toBeNull();
    expect(measuredRatio(FORECAST, measured(1 - 2 * RATIO_DEAD_BAND, 22), HOURS, 22)).toBeCloseTo(1 - 2 * RATIO_DEAD_BAND);
  });

  it('is held to the documented range', () => {
    expect(measuredRatio(FORECAST, measured(0, 22), HOURS, 22)).toBe(RATIO_RANGE.min);
    expect(measuredRatio(FORECAST, measured(3, 22), HOURS, 22)).toBe(RATIO_RANGE.max);
  });
});

describe('correctRemainingSlots', () => {
  it('scales the slots from fromSlot on, keeps the earlier ones, and clips at the nameplate', () => {
    const corrected = correctRemainingSlots(FORECAST, 1.5, 22, 5);
    expect(corrected.slice(0, 22)).toEqual(FORECAST.slice(0, 22));
    expect(corrected[22]).toBe(5);
    expect(correctRemainingSlots(FORECAST, 0.5, 22, 5)[25]).toBe(2);
  });
});
