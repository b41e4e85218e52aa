// The rate a fleet is judged at. Steady traffic scales with the rate (1,000 homes at 144x send
// what 144,000 homes would at real speed), while a boundary's or a 5-minute mark's burst is the
// same at any rate: each home's work, spread over the fleet's real-time skew. So a large fleet runs
// slower: its steady traffic is held at what one instance of a real deployment plausibly serves
// (EQUIVALENT_HOMES in real time, about what 83 homes at 144x send) while its bursts, its
// connections and its nightly run are those of all its homes. docs/system-tests.md "Load: npm run bench:system".

/** The rate of a small fleet: a simulated day in about 12 minutes. */
export const SMALL_FLEET_RATE = 144;
/**
 * The steady traffic a run is held to: this many homes in real time (1,000 homes at 12x, about 145
 * requests per second). Twice this saturates a 2-core machine with 1,000 homes; at 144x a satellite
 * parks the 1 s minimum and so polls less than the homes it stands for (docs/system-tests.md "Load: npm run bench:system").
 */
export const EQUIVALENT_HOMES = 12_000;

/** 144x up to 83 homes, slower above: 80x for 150 homes, 12x for 1,000 (a day in about 2.5 hours). */
export function defaultRate(homes: number): number {
  return Math.min(SMALL_FLEET_RATE, Math.round((EQUIVALENT_HOMES / homes) * 10) / 10);
}

/** How many homes running in real time would send the run's steady traffic. */
export function equivalentHomes(homes: number, rate: number): number {
  return Math.round(homes * rate);
}

/**
 * The satellites' parked poll, real seconds: a real satellite parks 50 s, which is 50 s times
 * the rate simulated; the wait is scaled so a satellite is in contact about every 50 simulated
 * seconds (at least 1 s real: at 144x that is 2.4 simulated minutes, as before).
 */
export function pollWaitS(rate: number): number {
  return Math.max(1, Math.round(50 / rate));
}
