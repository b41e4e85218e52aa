// The normalized unit every dynamic feed is converted to.

/**
 * One market price over [startUtc, endUtc). `pricePerMwh` is in the feed's currency per MWh
 * ($/MWh for US ISOs, EUR/MWh for ENTSO-E, GBP/MWh for Octopus); negatives are legitimate.
 */
export interface PricePoint {
  startUtc: Date;
  endUtc: Date;
  pricePerMwh: number;
}
