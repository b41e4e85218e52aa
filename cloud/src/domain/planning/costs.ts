// Cost figures of a plan as stored (cents) and as answered (dollars, percent).

/** Rounds to `digits` decimals without producing -0. */
function round(value: number, digits: number): number {
  const r = Number(value.toFixed(digits));
  return Object.is(r, -0) ? 0 : r;
}

/** Cents to dollars, 4 decimals (a plan's cost is often a fraction of a cent per slot). */
export const dollarsFromCents = (cents: number): number => round(cents / 100, 4);

/**
 * Saving of the plan against the no-plan baseline, percent, 1 decimal. 0 without a baseline cost
 * (nothing to save) or with a non-finite figure. A battery that earns more than the house would
 * have paid saves more than 100 %.
 */
export function savingsPct(baselineCents: number, optimizedCents: number): number {
  if (!Number.isFinite(baselineCents) || !Number.isFinite(optimizedCents) || baselineCents <= 0) return 0;
  return round(((baselineCents - optimizedCents) / baselineCents) * 100, 1);
}
