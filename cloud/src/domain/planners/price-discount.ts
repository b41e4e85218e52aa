// The effective import price other appliances plan with, once forecast solar surplus is counted.
// In a slot with surplus, energy up to the surplus is not bought: it costs what it would have
// earned exported (nothing without an export-rate curve). Planners take one price per slot, so the
// slot price is the mix a representative flexible load would pay (docs/forecast-and-solar.md):
//
//   share_i     = clamp(surplus_kw_i / REFERENCE_FLEXIBLE_LOAD_KW, 0, 1)
//   solar_i     = min(import_i, export_i)            export_i = 0 without an export curve
//   effective_i = (1 - share_i) * import_i + share_i * solar_i
//
// A solar kWh never costs more than a grid kWh, so the discount never raises a price.

/** The flexible load the mix assumes, kW: a heat-pump compressor; an EV (7 kW) or element (4.5 kW) sees a smaller real discount. */
export const REFERENCE_FLEXIBLE_LOAD_KW = 3;

/** The 48 effective prices, cents/kWh; inputs must be equally long. */
export function discountPricesBySurplus(
  importCentsPerKwh: readonly number[],
  surplusKw: readonly number[],
  exportCentsPerKwh: readonly number[] | null,
  referenceLoadKw = REFERENCE_FLEXIBLE_LOAD_KW,
): number[] {
  const n = importCentsPerKwh.length;
  if (surplusKw.length !== n || (exportCentsPerKwh && exportCentsPerKwh.length !== n)) {
    throw new RangeError(`price discount needs ${n} surplus${exportCentsPerKwh ? ' and export' : ''} values`);
  }
  if (!(referenceLoadKw > 0)) throw new RangeError(`reference load must be positive: ${referenceLoadKw}`);
  return importCentsPerKwh.map((importPrice, i) => {
    const surplus = surplusKw[i]!;
    const share = surplus > 0 ? Math.min(surplus / referenceLoadKw, 1) : 0;
    if (share === 0) return importPrice;
    const solarPrice = Math.min(importPrice, exportCentsPerKwh?.[i] ?? 0);
    return (1 - share) * importPrice + share * solarPrice;
  });
}
