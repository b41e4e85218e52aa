// Seeded randomness, so a simulated room and its sensor noise replay identically in tests.

/** A generator of floats in [0, 1). */
export type Random = () => number;

/** mulberry32: a small, fast seeded generator (not for cryptography). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A normally distributed sample (Box-Muller). */
export function gaussian(random: Random, mean = 0, sd = 1): number {
  const u = 1 - random();
  const v = random();
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
