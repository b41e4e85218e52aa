import { describe, expect, it } from 'vitest';
import { detectHints } from '../../domain/insights/detect.js';
import { buildHintScenario, type ScenarioName } from './scenarios.js';

// One generated home (a heat-pump home in January, seed 101) through a month of each scenario of
// the hints bench: the insights name the injected fault and nothing else.
const hintsOf = (name: ScenarioName) => {
  const s = buildHintScenario(101, name);
  return { s, hints: detectHints(s.run.readings, s.run.weather, new Date(s.nowMs)) };
};

describe('hints on a generated home with injected faults', () => {
  it('says nothing about a fault-free month', () => {
    expect(hintsOf('fault_free').hints).toEqual([]);
  });

  it('finds a window left open, from when it was opened', () => {
    const { s, hints } = hintsOf('window_open');
    expect(hints.map((h) => h.kind)).toEqual(['window_open']);
    expect(hints[0]!.since.getTime()).toBeGreaterThanOrEqual(s.episode![0] - 3_600_000);
    expect(hints[0]!.since.getTime()).toBeLessThan(s.episode![1]);
  });

  it('finds a compressor tripping after two minutes of running', () => {
    expect(hintsOf('short_cycling').hints.map((h) => h.kind)).toEqual(['short_cycling']);
  });

  it('finds a unit left with a third of its capacity that cannot keep up', () => {
    expect(hintsOf('cannot_keep_up').hints.map((h) => h.kind)).toEqual(['cannot_keep_up']);
  });

  it('finds efficiency falling over weeks', () => {
    const { hints } = hintsOf('efficiency_decline');
    expect(hints.map((h) => h.kind)).toEqual(['efficiency_decline']);
    expect(hints[0]!.numbers.capacity_percent).toBeLessThan(75);
  });

  it('finds a room sensor drifting 4 F away from the air the unit holds', () => {
    const { hints } = hintsOf('sensor_drift');
    expect(hints.map((h) => h.kind)).toEqual(['sensor_drift']);
    expect(Math.abs(hints[0]!.numbers.reading_offset_f!)).toBeGreaterThan(2);
  });
});
