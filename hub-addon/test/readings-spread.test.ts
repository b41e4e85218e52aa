// The 5-minute readings of a fleet do not reach the cloud in the same second (src/readings-push.ts):
// each install captures on the clock's 5-minute marks, with the marks as timestamps, and sends
// the batch its own delay after the mark, drawn once at start.
import { describe, expect, it } from 'vitest';
import type { CloudAccount } from '../src/bench/cloud-account.js';
import { PUSH_DELAY_WINDOW_MS } from '../src/readings-push.js';
import { cloudForFile, pastBoundary, startHarness, type Harness } from './support/harness.js';
import { HOUSE_APPLIANCES, houseFixture } from './support/house.js';

const MIN = 60_000;
const world = cloudForFile();

const house = async (account: CloudAccount) => {
  for (const a of HOUSE_APPLIANCES) await account.createAppliance(a.type, a.name, a.config);
};

/** The HVAC readings requests the add-on sent (the household backfill at start is another path). */
const hvacPushes = (h: Harness) => h.requests.filter((r) => r.path === '/api/v1/readings' && r.status === 201);

/** Starts an add-on 1 minute before a 5-minute mark; `delayMs` null: drawn by the add-on. */
async function install(startMs: number, delayMs: number | null): Promise<{ h: Harness; delayMs: number }> {
  const h = await startHarness({ cloud: world.cloud, startMs, fixture: houseFixture, prepare: house, addon: { timing: { readingsPushDelayMs: delayMs } } });
  world.running.push(h);
  const drawn = h.logs.find((l) => l.msg === 'readings pushed after each mark')!.delay_ms as number;
  return { h, delayMs: drawn };
}

/** Moves the clock to just before `mark + delayMs` (1 s, or less), checks nothing was pushed, then to it. */
async function pushedAt(h: Harness, mark: number, delayMs: number): Promise<void> {
  const before = Math.min(1000, delayMs);
  await h.advance(mark + delayMs - before - h.clock.now());
  if (before > 0) {
    expect(hvacPushes(h)).toHaveLength(0);
    // Captured at the mark already: on disk, waiting for its delay.
    expect(h.addon.buffer.size).toBeGreaterThan(0);
  }
  await h.advance(before);
  expect(hvacPushes(h)).toHaveLength(1);
  // The reading keeps the mark as its timestamp.
  expect(hvacPushes(h)[0]!.body.readings.map((r: any) => Date.parse(r.timestamp))).toEqual([mark]);
  expect(h.addon.buffer.size).toBe(0);
}

describe('the readings push', () => {
  it('comes the drawn delay after the mark, with the readings stamped at the mark; two installs push apart', async () => {
    const mark = pastBoundary(60 * MIN) - 5 * MIN;
    const a = await install(mark - MIN, null);
    expect(a.delayMs).toBeGreaterThanOrEqual(0);
    expect(a.delayMs).toBeLessThan(PUSH_DELAY_WINDOW_MS);
    // A second install drew another delay, two minutes away from the first (in the window).
    const b = await install(mark - MIN, (a.delayMs + 2 * MIN) % PUSH_DELAY_WINDOW_MS);
    expect(Math.abs(b.delayMs - a.delayMs)).toBeGreaterThanOrEqual(2 * MIN);
    await pushedAt(a.h, mark, a.delayMs);
    await pushedAt(b.h, mark, b.delayMs);
    // The next cycle: captured at the next mark (the clock stops on it, as real time would pass
    // it), pushed the same delay after it.
    for (const { h, delayMs } of [a, b]) {
      await h.advance(mark + 5 * MIN - h.clock.now());
      const before = Math.min(1000, delayMs);
      await h.advance(delayMs - before);
      if (before > 0) expect(hvacPushes(h)).toHaveLength(1);
      await h.advance(before);
      expect(hvacPushes(h).map((r) => Date.parse(r.body.readings[0].timestamp))).toEqual([mark, mark + 5 * MIN]);
    }
  }, 90_000);
});
