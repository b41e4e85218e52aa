import { describe, expect, it } from 'vitest';
import { comfortBand } from '../preferences/comfort-band.js';
import { DEFAULT_PREFERENCES } from '../preferences/defaults.js';
import { findPlan } from '../tariffs/catalog.js';
import { zoneCurve } from '../tariffs/zone-curve.js';
import type { ThermalParams } from '../thermal/thermal-model.js';
import { slotDurationsHours, slotStartsUtc } from '../time/slot-grid.js';
import { defaultsSchedule, planHvac } from './hvac.js';
import type { HvacPlanInput } from './hvac-input.js';
import type { DayContext } from './types.js';

const ZONE = 'America/Los_Angeles';
const SUMMER_WEEKDAY = '2026-07-15';
const MODEL: ThermalParams = { lossPerHour: 0.05, coolingFPerHour: -3, heatingFPerHour: 3, gainFPerHour: 0.3 };
const BAND = comfortBand(DEFAULT_PREFERENCES); // 70-74 F all day
const hotDay = Array.from({ length: 48 }, (_, s) => 80 + 14 * Math.cos(((s / 2 - 15) / 24) * 2 * Math.PI));

function day(over: Partial<DayContext> = {}): DayContext {
  const date = over.date ?? SUMMER_WEEKDAY;
  return {
    date,
    timeZone: ZONE,
    slotStarts: slotStartsUtc(date, ZONE),
    slotHours: slotDurationsHours(date, ZONE),
    pricesCentsPerKwh: Array(48).fill(30),
    exportPricesCentsPerKwh: null,
    outdoorTempF: hotDay,
    fromSlot: 0,
    ...over,
  };
}

function input(over: Partial<HvacPlanInput> = {}): HvacPlanInput {
  return {
    band: BAND,
    mode: 'cool',
    model: MODEL,
    indoorTempF: 72,
    ratedPowerKw: { cool: 3, heat: 3 },
    setpointBoundsF: null,
    optimizeFan: false,
    optimizeMode: false,
    ...over,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

describe('planHvac', () => {
  it('returns the schedule body of the contract: intervals 0..47, the band, 48 setpoints and a 48-slot trajectory', () => {
    const { schedule, missed } = planHvac(day(), input());
    expect(schedule.intervals).toEqual(range(0, 48));
    expect(schedule.high_temps).toEqual(BAND.high);
    expect(schedule.low_temps).toEqual(BAND.low);
    expect(schedule.setpoint_temps).toHaveLength(48);
    expect(schedule.temp_trajectory).toHaveLength(48);
    expect(schedule.setpoint_temps!.every((s) => Number.isInteger(s * 2))).toBe(true);
    expect(schedule).not.toHaveProperty('fan_schedule');
    expect(schedule).not.toHaveProperty('mode_schedule');
    expect(missed).toEqual([]);
  });

  it('with a flat price, cooling holds the top of the band less the 0.5 F margin (warmer costs less)', () => {
    const r = planHvac(day(), input());
    expect(r.schedule.setpoint_temps!.every((s) => s === 73.5)).toBe(true);
    // From 72 F the home first drifts up (no cooling), then holds.
    expect(r.schedule.temp_trajectory!.slice(18).every((t) => Math.abs(t - 73.5) < 0.01)).toBe(true);
    expect(r.optimizedCostCents).toBeLessThan(r.baselineCostCents);
  });

  it('with a flat price, heating holds the bottom of the band plus the margin', () => {
    const cold = Array(48).fill(35);
    const r = planHvac(day({ date: '2026-01-14', outdoorTempF: cold }), input({ mode: 'heat' }));
    expect(r.schedule.setpoint_temps!.every((s) => s === 70.5)).toBe(true);
    expect(r.schedule.temp_trajectory!.slice(10).every((t) => Math.abs(t - 70.5) < 0.01)).toBe(true);
  });

  it('pre-cools before the 16:00-21:00 peak and drifts through it (PG&E E-TOU-C)', () => {
    const prices = zoneCurve(findPlan(1)!, SUMMER_WEEKDAY).rates;
    const r = planHvac(day({ pricesCentsPerKwh: prices }), input({ optimizeFan: true }));
    const sp = r.schedule.setpoint_temps!;
    const traj = r.schedule.temp_trajectory!;
    // Colder than the holding temperature just before the peak, warming up inside it.
    expect(traj[31]!).toBeLessThan(72);
    expect(traj[36]!).toBeGreaterThan(traj[31]!);
    // The pre-cooling ramp asks for its end temperature from its first slot on.
    const ramp = range(0, 32).filter((s) => sp[s]! < 73.5);
    expect(ramp.length).toBeGreaterThan(1);
    expect(new Set(ramp.map((s) => sp[s])).size).toBe(1);
    expect(sp[32]).toBe(73.5);
    expect(r.schedule.fan_schedule!.slice(ramp[0], 32)).toContain('high');
    // The thermostat takes the air to the ramp's setpoint within minutes: the trajectory shows the
    // setpoint there, while the model's lumped temperature comes down gradually.
    for (const s of ramp) expect(traj[s]).toBe(sp[s]);
    expect(r.modelTrajectoryF[ramp[0]!]!).toBeGreaterThan(sp[ramp[0]!]! + 0.2);
    // Drifting slots show the model's prediction.
    expect(traj[36]).toBe(Math.round(r.modelTrajectoryF[36]! * 100) / 100);
    expect(r.optimizedCostCents).toBeLessThan(r.baselineCostCents);
    expect(r.missed).toEqual([]);
  });

  it('shows the air springing back when the plan stops the unit, never past the setpoint', () => {
    // The unit held the air down at half duty until the plan starts; the plan lets it drift up.
    const prices = zoneCurve(findPlan(1)!, SUMMER_WEEKDAY).rates;
    const model = { ...MODEL, reboundFPerDuty: 2 };
    const r = planHvac(day({ pricesCentsPerKwh: prices }), input({ model, indoorTempF: 71, recentDuty: { cool: 0.5, heat: 0 } }));
    const traj = r.schedule.temp_trajectory!;
    const sp = r.schedule.setpoint_temps!;
    // Slot 0 drifts: the model's temperature plus 2 F × 0.5, capped at the setpoint.
    expect(traj[0]).toBe(Math.round(Math.min(r.modelTrajectoryF[0]! + 1, sp[0]!) * 100) / 100);
    expect(traj[0]!).toBeGreaterThan(r.modelTrajectoryF[0]! + 0.5);
    for (let j = 0; j < 48; j++) expect(traj[j]!).toBeLessThanOrEqual(Math.max(sp[j]!, r.modelTrajectoryF[j]!) + 0.005);
    // Without a learned rebound the drift shows the model alone.
    const plain = planHvac(day({ pricesCentsPerKwh: prices }), input({ indoorTempF: 71, recentDuty: { cool: 0.5, heat: 0 } }));
    expect(plain.schedule.temp_trajectory![0]).toBe(Math.round(plain.modelTrajectoryF[0]! * 100) / 100);
  });

  it('shows conditioning slots where the thermostat actually holds the air (its learned offset from the setpoint)', () => {
    const prices = zoneCurve(findPlan(1)!, SUMMER_WEEKDAY).rates;
    const r = planHvac(day({ pricesCentsPerKwh: prices }), input({ model: { ...MODEL, coolHoldOffsetF: -1.2 } }));
    const traj = r.schedule.temp_trajectory!;
    const sp = r.schedule.setpoint_temps!;
    const ramp = range(0, 32).filter((s) => sp[s]! < 73.5);
    expect(ramp.length).toBeGreaterThan(1);
    for (const s of ramp) expect(traj[s]).toBeCloseTo(sp[s]! - 1.2, 6);
  });

  it('shows a Celsius thermostat holding the air on its half-degree step, not at the setpoint sent in F', () => {
    const prices = zoneCurve(findPlan(1)!, SUMMER_WEEKDAY).rates;
    const r = planHvac(day({ pricesCentsPerKwh: prices }), input({ model: { ...MODEL, setpointStepC: 0.5 } }));
    const traj = r.schedule.temp_trajectory!;
    const sp = r.schedule.setpoint_temps!;
    const ramp = range(0, 32).filter((s) => sp[s]! < 73.5);
    expect(ramp.length).toBeGreaterThan(1);
    const heldF = (f: number) => Math.round((Math.round(((f - 32) / 1.8) * 2) / 2) * 1.8 * 100 + 3200) / 100;
    for (const s of ramp) expect(traj[s]).toBeCloseTo(heldF(sp[s]!), 6);
    expect(ramp.some((s) => Math.abs(heldF(sp[s]!) - sp[s]!) > 0.1)).toBe(true);
  });

  it('shows a whole-degree F thermostat holding the air on the whole degree it rounds a half-degree setpoint to', () => {
    const prices = zoneCurve(findPlan(1)!, SUMMER_WEEKDAY).rates;
    const r = planHvac(day({ pricesCentsPerKwh: prices }), input({ model: { ...MODEL, setpointStepF: 1 } }));
    const traj = r.schedule.temp_trajectory!;
    const sp = r.schedule.setpoint_temps!;
    const ramp = range(0, 32).filter((s) => sp[s]! < 73.5);
    expect(ramp.some((s) => sp[s]! % 1 !== 0)).toBe(true);
    for (const s of ramp) expect(traj[s]).toBe(Math.floor(sp[s]! + 0.5));
  });

  it('pre-heats before a morning peak and drifts down through it', () => {
    const prices = Array.from({ length: 48 }, (_, s) => (s >= 12 && s < 18 ? 60 : 20));
    const cold = Array(48).fill(35);
    const r = planHvac(day({ date: '2026-01-14', pricesCentsPerKwh: prices, outdoorTempF: cold }), input({ mode: 'heat' }));
    const traj = r.schedule.temp_trajectory!;
    expect(traj[11]!).toBeGreaterThan(72);
    expect(traj[15]!).toBeLessThan(traj[11]!);
    expect(r.schedule.setpoint_temps![13]).toBe(70.5);
  });

  it('in auto mode heats the cold night and cools the hot afternoon', () => {
    const swing = Array.from({ length: 48 }, (_, s) => 65 + 30 * Math.cos(((s / 2 - 15) / 24) * 2 * Math.PI));
    const r = planHvac(day({ outdoorTempF: swing }), input({ mode: 'auto', optimizeMode: true, indoorTempF: 71 }));
    const modes = r.schedule.mode_schedule!;
    expect(modes).toHaveLength(48);
    expect(modes).toContain('HEAT');
    expect(modes).toContain('COOL');
    expect(modes[30]).toBe('COOL');
    expect(modes[10]).toBe('HEAT');
    expect(r.missed).toEqual([]);
  });

  it('reports a day too hot for the unit as missed comfort_band with the largest excursion', () => {
    const scorching = Array(48).fill(115);
    const r = planHvac(day({ outdoorTempF: scorching }), input({ model: { ...MODEL, coolingFPerHour: -1 } }));
    expect(r.missed).toHaveLength(1);
    expect(r.missed[0]!.limit).toBe('comfort_band');
    expect(r.missed[0]!.achieved).toBeGreaterThan(1);
    expect(r.missed[0]!.message).toMatch(/^cannot hold the comfort band: up to \d+\.\d F above it around \d\d:\d\d$/);
    // It still cools as hard as it can.
    expect(r.schedule.setpoint_temps!.every((s) => s >= 70 && s <= 74)).toBe(true);
  });

  it('reports a cool-only plan the night chills below the band', () => {
    const chilly = Array(48).fill(40);
    const r = planHvac(day({ outdoorTempF: chilly }), input({ model: { ...MODEL, gainFPerHour: 0 } }));
    expect(r.missed[0]!.message).toContain('below it');
  });

  it('clamps setpoints into the bounds a satellite claims', () => {
    const prices = zoneCurve(findPlan(1)!, SUMMER_WEEKDAY).rates;
    const r = planHvac(day({ pricesCentsPerKwh: prices }), input({ setpointBoundsF: { minF: 73, maxF: 86 } }));
    expect(r.schedule.setpoint_temps!.every((s) => s >= 73 && s <= 74)).toBe(true);
    // Pre-cooling stops at the lowest setpoint the unit accepts.
    expect(r.schedule.temp_trajectory!.slice(20, 40).every((t) => t >= 72.99)).toBe(true);
  });

  it('re-plans from fromSlot: earlier slots hold the band middle and the start temperature, and cost nothing', () => {
    const whole = planHvac(day(), input({ indoorTempF: 73 }));
    const r = planHvac(day({ fromSlot: 20 }), input({ indoorTempF: 73 }));
    expect(r.schedule.setpoint_temps!.slice(0, 20)).toEqual(Array(20).fill(72));
    expect(r.schedule.temp_trajectory!.slice(0, 20)).toEqual(Array(20).fill(73));
    expect(r.schedule.setpoint_temps!.slice(20).every((s) => s === 73.5)).toBe(true);
    expect(r.optimizedCostCents).toBeLessThan(whole.optimizedCostCents);
    expect(r.baselineCostCents).toBeLessThan(whole.baselineCostCents);
  });

  it('handles DST days: skipped slots change nothing, the long slot lasts 1.5 h', () => {
    const spring = planHvac(day({ date: '2026-03-08', outdoorTempF: Array(48).fill(45) }), input({ mode: 'heat' }));
    const springHours = slotDurationsHours('2026-03-08', ZONE);
    expect(springHours.filter((h) => h === 0)).toHaveLength(2);
    const traj = spring.schedule.temp_trajectory!;
    springHours.forEach((h, s) => {
      if (h === 0) expect(traj[s]).toBe(traj[s - 1]);
    });
    const fall = planHvac(day({ date: '2026-11-01', outdoorTempF: Array(48).fill(45) }), input({ mode: 'heat' }));
    expect(fall.schedule.temp_trajectory!.every(Number.isFinite)).toBe(true);
    expect(fall.missed).toEqual([]);
  });

  it('runs the unit when electricity is paid for (negative prices)', () => {
    const prices = Array.from({ length: 48 }, (_, s) => (s >= 20 && s < 24 ? -10 : 30));
    const r = planHvac(day({ pricesCentsPerKwh: prices }), input({ indoorTempF: 73.5 }));
    expect(r.schedule.temp_trajectory![23]!).toBeLessThan(71);
    expect(r.optimizedCostCents).toBeLessThan(planHvac(day(), input({ indoorTempF: 73.5 })).optimizedCostCents);
  });

  it('plans no conditioning in off mode', () => {
    const r = planHvac(day(), input({ mode: 'off', optimizeMode: true }));
    expect(r.optimizedCostCents).toBe(0);
    expect(r.baselineCostCents).toBe(0);
    expect(r.schedule.setpoint_temps).toEqual(Array(48).fill(72));
    expect(r.schedule.mode_schedule).toEqual(Array(48).fill('OFF'));
  });

  it('schedules fan speeds from the planned duty', () => {
    const r = planHvac(day(), input({ optimizeFan: true }));
    expect(r.schedule.fan_schedule).toHaveLength(48);
    expect(r.schedule.fan_schedule!.every((f) => ['auto', 'low', 'high'].includes(f))).toBe(true);
  });

  it('never throws for a band whose bounds cross', () => {
    const crossed = { high: BAND.high.map((h, s) => (s === 10 ? 60 : h)), low: BAND.low };
    const r = planHvac(day(), input({ band: crossed }));
    expect(r.missed[0]!.limit).toBe('comfort_band');
    expect(r.schedule.setpoint_temps).toHaveLength(48);
  });
});

describe('defaultsSchedule', () => {
  it('is the band with null setpoints and trajectory (clients apply the band middle)', () => {
    expect(defaultsSchedule(BAND)).toEqual({
      intervals: range(0, 48),
      high_temps: BAND.high,
      low_temps: BAND.low,
      setpoint_temps: null,
      temp_trajectory: null,
      reasons_48: Array.from({ length: 48 }, () => ({ code: 'not_planned', price_cents: null })),
      summary: expect.stringContaining('Holds the middle of the comfort band'),
    });
  });
});

describe('planHvac planned power (the home plan and the import limit)', () => {
  it('reports 48 planned kW within the rated power whose energy at the price is the plan cost', () => {
    const d = day({ fromSlot: 4 });
    const r = planHvac(d, input());
    expect(r.plannedPowerKw).toHaveLength(48);
    expect(r.plannedPowerKw.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(r.plannedPowerKw.every((kw) => kw >= 0 && kw <= 3 + 1e-9)).toBe(true);
    const cost = r.plannedPowerKw.reduce((s, kw, i) => s + kw * d.slotHours[i]! * d.pricesCentsPerKwh[i]!, 0);
    expect(cost).toBeCloseTo(r.optimizedCostCents, 6);
    expect(Math.max(...r.plannedPowerKw)).toBeGreaterThan(0);
  });
});

describe('planHvac prediction band', () => {
  const band = { horizonHours: [1, 24], lowF: [-0.2, -1], highF: [0.3, 1.2] };

  it("surrounds the trajectory with the model's band by hours ahead", () => {
    const { schedule } = planHvac(day(), input({ model: { ...MODEL, trajectoryBandF: band } }));
    const t = schedule.temp_trajectory!;
    expect(schedule.trajectory_low_temps!.slice(0, 2)).toEqual(t.slice(0, 2).map((v) => Math.round((v - 0.2) * 100) / 100));
    expect(schedule.trajectory_high_temps![47]).toBeCloseTo(t[47]! + 1.2, 6);
    expect(schedule.trajectory_low_temps![2]).toBeCloseTo(t[2]! - 1, 6);
  });

  it('closes on the trajectory in the slots before an intraday plan starts', () => {
    const { schedule } = planHvac(day({ fromSlot: 20 }), input({ model: { ...MODEL, trajectoryBandF: band } }));
    expect(schedule.trajectory_low_temps!.slice(0, 20)).toEqual(schedule.temp_trajectory!.slice(0, 20));
    expect(schedule.trajectory_high_temps![20]).toBeCloseTo(schedule.temp_trajectory![20]! + 0.3, 6);
  });

  it('is absent for a model without a learned band', () => {
    const { schedule } = planHvac(day(), input());
    expect(schedule).not.toHaveProperty('trajectory_low_temps');
    expect(schedule).not.toHaveProperty('trajectory_high_temps');
  });
});
