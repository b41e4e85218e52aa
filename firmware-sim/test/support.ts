// Shared pieces of the runner's tests.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { HvacScheduleBody } from '../src/wire.js';

/** A fresh state folder. */
export const stateDir = () => mkdtemp(path.join(os.tmpdir(), 'fw-sim-'));

/** Distinct setpoints per slot, so the slot applied can be read off the target. */
export const RAMP = Array.from({ length: 48 }, (_, i) => 62 + i * 0.5);

/** An HVAC schedule body applying `setpoints`. */
export const hvacSchedule = (setpoints: number[]): HvacScheduleBody => ({
  intervals: [...Array(48).keys()],
  high_temps: Array(48).fill(78),
  low_temps: Array(48).fill(70),
  setpoint_temps: setpoints,
  temp_trajectory: null,
});

/** 2026-07-01 12:29 in New York (UTC-4): one simulated minute before the boundary of slot 25. */
export const START = Date.parse('2026-07-01T16:29:00Z');
