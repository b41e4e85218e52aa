// Peak cut: the planner's setpoints for the test day on PG&E E-TOU-C (peak 16:00-21:00), applied to
// the simulated house through its own thermostat, against holding the base temperature all day.
import { comfortBand, type ComfortBand } from '../../domain/preferences/comfort-band.js';
import { DEFAULT_PREFERENCES } from '../../domain/preferences/defaults.js';
import type { ThermalModel } from '../../domain/thermal/fit.js';
import { simulateHouse, type SimTrace } from './house-sim.js';
import { seededRandom } from './random.js';
import { planTestDay, testDayContext, type Scenario } from './hvac-scenario.js';

const PEAK_SLOTS = { from: 32, to: 42 }; // 16:00-21:00
const SLOT_MS = 1_800_000;

export interface DayRun {
  peakKwh: number;
  dayKwh: number;
  costCents: number;
  /** Time-integrated excursion of the true air temperature outside the band, F·h. */
  violationFH: number;
}

export interface PeakCutResult {
  baseline: DayRun;
  plan: DayRun;
  /** Reduction of peak-period HVAC energy against the baseline, %. */
  cutPct: number;
}

function measure(trace: SimTrace, dayStartMs: number, band: ComfortBand, prices: readonly number[]): DayRun {
  const run: DayRun = { peakKwh: 0, dayKwh: 0, costCents: 0, violationFH: 0 };
  for (const m of trace.minutes) {
    const slot = Math.floor((m.atMs - dayStartMs) / SLOT_MS);
    const kwh = m.powerKw / 60;
    run.dayKwh += kwh;
    run.costCents += kwh * prices[slot]!;
    if (slot >= PEAK_SLOTS.from && slot < PEAK_SLOTS.to) run.peakKwh += kwh;
    run.violationFH += Math.max(0, m.airF - band.high[slot]!, band.low[slot]! - m.airF) / 60;
  }
  return run;
}

/** Plans the test day with the model and runs the plan and the baseline from the same state. */
export function runPeakCut(scenario: Scenario, model: ThermalModel): PeakCutResult {
  const day = testDayContext(scenario.climate);
  const dayStartMs = day.slotStarts[0]!.getTime();
  const band = comfortBand(DEFAULT_PREFERENCES);
  const setpoints = planTestDay(day, model, scenario.training.readings).schedule.setpoint_temps!;
  const run = (setpointF: (atMs: number) => number) =>
    measure(
      simulateHouse(scenario.house, { ...scenario.climate, setpointF, mode: 'cool' }, scenario.stateAtTest, {
        startMs: dayStartMs,
        endMs: dayStartMs + 24 * 3_600_000,
        readingEveryMin: 0,
        // The same sensor noise for both strategies.
        rng: seededRandom(7),
      }),
      dayStartMs,
      band,
      day.pricesCentsPerKwh,
    );
  const baseline = run(() => DEFAULT_PREFERENCES.base_temperature);
  const plan = run((atMs) => setpoints[Math.min(47, Math.floor((atMs - dayStartMs) / SLOT_MS))]!);
  return { baseline, plan, cutPct: (100 * (baseline.peakKwh - plan.peakKwh)) / baseline.peakKwh };
}
