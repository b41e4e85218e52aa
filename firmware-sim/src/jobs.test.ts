import { describe, expect, it } from 'vitest';
import { createJob } from './jobs.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('createJob', () => {
  it('runs once more for any number of triggers during a run, never twice at a time', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const job = createJob(
      async () => {
        runs++;
        maxConcurrent = Math.max(maxConcurrent, ++concurrent);
        await tick();
        concurrent--;
      },
      () => undefined,
      () => true,
    );
    job.trigger();
    job.trigger();
    job.trigger();
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(2);
    expect(maxConcurrent).toBe(1);
  });

  it('hands errors to onError and keeps working; does nothing once inactive', async () => {
    const errors: unknown[] = [];
    let active = true;
    let runs = 0;
    const job = createJob(
      async () => {
        runs++;
        throw new Error('boom');
      },
      (e) => errors.push(e),
      () => active,
    );
    job.trigger();
    await tick();
    job.trigger();
    await tick();
    active = false;
    job.trigger();
    await tick();
    expect(runs).toBe(2);
    expect(errors).toHaveLength(2);
  });
});
