// Seeded randomness, so every bench run generates the same instances.

/** mulberry32: a small, fast 32-bit generator with good statistical quality for simulations. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Uniform in [lo, hi). */
export const between = (rng: () => number, lo: number, hi: number): number => lo + (hi - lo) * rng();

/** One element, uniformly. */
export const pick = <T>(rng: () => number, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** True with probability p. */
export const chance = (rng: () => number, p: number): boolean => rng() < p;

/** A standard normal draw (Box-Muller). */
export const normal = (rng: () => number): number => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
