// The 24 hourly prices of the tariff page (import and export) between form strings and the API.

/** Form strings -> the numbers to send; an empty input is sent as a non-number so the API names its hour. */
export const hourlyNumbers = (values: readonly string[]): number[] => values.map((v) => (v.trim() === '' ? NaN : Number(v)));

/** The hour an API error names (`rate at hour 17 must be ...`), or null. */
export function hourOfError(error: string | undefined): number | null {
  const m = error ? /\bat hour (\d{1,2})\b/.exec(error) : null;
  return m ? Number(m[1]) : null;
}
