// Comfort of one HVAC-day: how many of its measured slots were inside the planned comfort band.

/** Slots with a measured indoor temperature, and those inside [low, high] (bounds included). */
export function inBandSlots(indoorF: readonly (number | null)[], highF: readonly number[], lowF: readonly number[]): { inBand: number; measured: number } {
  let inBand = 0;
  let measured = 0;
  indoorF.forEach((t, s) => {
    if (t === null) return;
    measured++;
    if (t >= lowF[s]! && t <= highF[s]!) inBand++;
  });
  return { inBand, measured };
}
