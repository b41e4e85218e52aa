// The re-plan figures: jobs by class, the jobs thread's CPU attributed to them, and the pick-up check.
import { expect, test } from '@playwright/test';
import { attributeCpu, classOf, pickups, publicationReplans, wroteRows, type JobRecord } from './replans.js';

const job = (kind: string, reasons: string[], finishedRealMs: number | null = 1, outcome = 'planned 2 rows', userId = 'u1', wroteToday = true): JobRecord => ({
  userId,
  kind,
  reasons,
  finishedRealMs,
  outcome,
  wroteToday,
});

test('a job is a re-plan when the cloud asked for it from a measured state, whatever joined it', () => {
  for (const measured of ['measured_charge', 'measured_plug', 'measured_load', 'measured_solar', 'measured_temperature'])
    expect(classOf(job('recompute', [measured]))).toBe('replan');
  expect(classOf(job('recompute', ['weather', 'measured_charge']))).toBe('replan');
  expect(classOf(job('recompute', ['weather']))).toBe('other recompute');
  expect(classOf(job('recompute', ['prices']))).toBe('prices');
  expect(classOf(job('recompute', ['prices', 'measured_charge']))).toBe('replan');
  expect(classOf(job('nightly', []))).toBe('nightly');
});

test('a job wrote rows unless every row was unchanged', () => {
  expect(wroteRows('planned 3 rows')).toBe(true);
  expect(wroteRows('planned 3 rows, 2 unchanged')).toBe(true);
  expect(wroteRows('planned 3 rows, 3 unchanged')).toBe(false);
  expect(wroteRows('optimization_mode off')).toBe(false);
  expect(wroteRows(null)).toBe(false);
});

test("the thread's CPU above its idle level is shared by the jobs finished in each interval and the busy ones just before", () => {
  const cpuMs = [0, 10, 10, 70, 10, 30, 50, 40, 10];
  const samples = cpuMs.map((ms, i) => ({ realMs: i * 10, cpuMs: ms }));
  const jobs = [
    job('recompute', ['measured_charge'], 25), // interval 30: 70 - 10
    job('nightly', [], 65), // busy from 40: 20 + 40 + 30, shared
    job('nightly', [], 68),
    job('recompute', ['weather'], null), // unfinished: nothing
  ];
  const cpu = attributeCpu(samples, jobs);
  // Intervals without a finish: 10, 10, 10, 30, 50, 10: the idle level is their median, 10.
  expect(cpu.replan).toEqual({ jobs: 1, cpuMs: 60 });
  expect(cpu.nightly).toEqual({ jobs: 2, cpuMs: 90 });
  expect(cpu['other recompute']).toEqual({ jobs: 0, cpuMs: 0 });
});

test('each re-plan that changed a schedule must be pulled by its home within the bound', () => {
  const pulls = new Map([
    ['u1', [5, 130, 400]],
    ['u2', [50]],
  ]);
  const jobs = [
    job('recompute', ['measured_charge'], 100), // pulled 30 later
    job('recompute', ['measured_charge'], 2), // before the homes' clocks started: polled at the start
    job('recompute', ['measured_charge'], 200, 'planned 2 rows, 2 unchanged'), // changed nothing: not judged
    job('recompute', ['measured_charge'], 300), // pulled 100 later: late
    job('recompute', ['measured_charge'], 40, 'planned 1 rows', 'u2'), // pulled 10 later
    job('recompute', ['measured_charge'], 100, 'planned 1 rows', 'u2'), // never pulled again
    job('recompute', ['measured_charge'], 100, 'planned 1 rows', 'u3'), // a home not in this run
    job('recompute', ['measured_charge'], 980), // too close to the end
    job('recompute', ['weather'], 100), // not a re-plan
    job('recompute', ['prices'], 350), // tomorrow's prices: pulled 50 later
    job('recompute', ['measured_charge'], 600, 'planned 2 rows', 'u1', false), // tomorrow's rows only: no stamp moved, nothing to pull
  ];
  expect(pickups(jobs, pulls, 60, 3, 1000)).toEqual({
    judged: 5,
    pickedUp: 3,
    slowestRealMs: Infinity,
    late: [
      { job: jobs[3], delayRealMs: 100 },
      { job: jobs[5], delayRealMs: Infinity },
    ],
  });
});

test("each day-ahead home's first re-plan on tomorrow's prices after they were published", () => {
  const jobs = [
    job('recompute', ['prices'], 50, 'planned 2 rows', 'u1'), // before the publication: the day's own prices
    job('recompute', ['prices'], 400, 'planned 2 rows', 'u1'),
    job('recompute', ['prices'], 300, 'planned 2 rows', 'u1'),
    job('recompute', ['measured_charge'], 150, 'planned 2 rows', 'u2'), // not on prices
    job('recompute', ['measured_charge', 'prices'], 700, 'planned 2 rows', 'u3'), // on prices too
    job('recompute', ['prices'], 250, 'planned 2 rows', 'u9'), // not a day-ahead home
  ];
  expect(publicationReplans(jobs, ['u1', 'u2', 'u3'], 100)).toEqual(
    new Map([
      ['u1', 200],
      ['u2', null],
      ['u3', 600],
    ]),
  );
});
