// model_confidence: how much to trust a fitted model, from its held-out error.

/** Held-out one-step RMSE at which confidence falls to 1/e (about 0.37). */
export const CONFIDENCE_SCALE_F = 0.5;

/**
 * exp(−rmse / 0.5 F), rounded to 3 decimals: 1 for a perfect model, 0.82 at 0.1 F, 0.55 at 0.3 F,
 * 0.14 at 1 F. Null or invalid errors (no held-out data) give 0.
 */
export function modelConfidence(heldOutRmseF: number | null): number {
  if (heldOutRmseF == null || !Number.isFinite(heldOutRmseF) || heldOutRmseF < 0) return 0;
  return Math.round(Math.exp(-heldOutRmseF / CONFIDENCE_SCALE_F) * 1000) / 1000;
}
