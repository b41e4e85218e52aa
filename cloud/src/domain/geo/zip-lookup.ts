// ZIP code -> state, time zone and approximate location, from the offline ZIP3 table.
import { ZIP3_RANGES } from './zip-table.js';

export interface ZipInfo {
  zip3: string;
  state: string;
  timeZone: string;
  lat: number;
  lon: number;
}

// 5 digits, optionally followed by '-' and the 4-digit add-on (ZIP+4).
const US_ZIP = /^(\d{5})(?:-\d{4})?$/;

// Expanded once at load into a direct index, so a lookup is an array read plus a small copy (callers
// get their own object and cannot corrupt the shared table).
const BY_PREFIX: ReadonlyArray<Readonly<ZipInfo> | undefined> = (() => {
  const index = new Array<Readonly<ZipInfo> | undefined>(1000);
  for (const [from, to, state, timeZone, lat, lon] of ZIP3_RANGES) {
    for (let p = from; p <= to; p++) {
      index[p] = Object.freeze({ zip3: String(p).padStart(3, '0'), state, timeZone, lat, lon });
    }
  }
  return index;
})();

/** Whether the input, ignoring surrounding whitespace, is a US ZIP ('60601' or '60601-1234'). */
export function isUsZip(zip: string): boolean {
  return US_ZIP.test(zip.trim());
}

/** The 3-digit prefix of a US ZIP ('606' from '60601'), or null when the input is not a US ZIP. */
export function zip3Of(zip: string): string | null {
  const m = US_ZIP.exec(zip.trim());
  return m?.[1] ? m[1].slice(0, 3) : null;
}

/** State, time zone and approximate centroid of a ZIP's prefix area; null for junk or unknown prefixes. */
export function lookupZip(zip: string): ZipInfo | null {
  const zip3 = zip3Of(zip);
  if (zip3 === null) return null;
  const info = BY_PREFIX[Number(zip3)];
  return info ? { ...info } : null;
}
