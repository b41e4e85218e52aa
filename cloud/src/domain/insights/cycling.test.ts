import { describe, expect, it } from 'vitest';
import type { ThermalReading } from '../thermal/duty.js';
import { detectShortCycling } from './cycling.js';

const NOW = Date.parse('2026-07-20T12:00:00Z');
const DAY_MS = 86_400_000;

/** Readings every `everyMin` minutes over `hours` ending at NOW, running while `running(i)`. */
function readings(hours: number, everyMin: number, running: (i: number) => boolean): ThermalReading[] {
  const count = Math.floor((hours * 60) / everyMin);
  return Array.from({ length: count }, (_, i) => ({
    at: new Date(NOW - (count - i) * everyMin * 60_000),
    indoorTempF: 74,
    hvacState: 'COOL' as const,
    hvacAction: running(i) ? 'cooling' : 'idle',
  }));
}

describe('detectShortCycling', () => {
  it('reports a compressor starting every four minutes for hours, with the rate and since when', () => {
    const hint = detectShortCycling(
      readings(5, 2, (i) => i % 2 === 0),
      NOW,
      7 * DAY_MS,
    );
    expect(hint).toMatchObject({ kind: 'short_cycling', numbers: { threshold_starts_per_hour: 10, window_hours: 3 } });
    expect(hint!.numbers.starts_per_hour).toBeGreaterThanOrEqual(14);
    expect(hint!.since.getTime()).toBeLessThan(NOW - 4.5 * 3_600_000);
    expect(hint!.confidence).toBeGreaterThan(0.5);
    expect(hint!.advice).toMatch(/technician/);
  });

  it('says nothing about ordinary cycles (three an hour) or a burst shorter than the window', () => {
    expect(
      detectShortCycling(
        readings(24, 5, (i) => i % 4 === 0),
        NOW,
        7 * DAY_MS,
      ),
    ).toBeNull();
    const burst = readings(24, 2, (i) => i > 600 && i < 640 && i % 2 === 0);
    expect(detectShortCycling(burst, NOW, 7 * DAY_MS)).toBeNull();
  });

  it('does not count starts across a gap in the readings, nor readings older than the recent span', () => {
    const sparse = readings(8, 20, (i) => i % 2 === 0);
    expect(detectShortCycling(sparse, NOW, 7 * DAY_MS)).toBeNull();
    const old = readings(5, 2, (i) => i % 2 === 0).map((r) => ({ ...r, at: new Date(r.at.getTime() - 8 * DAY_MS) }));
    expect(detectShortCycling(old, NOW, 7 * DAY_MS)).toBeNull();
  });
});
