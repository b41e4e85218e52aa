import { describe, expect, it } from 'vitest';
import { isValidTimeZone } from '../time/slot-grid.js';
import { isUsZip, lookupZip, zip3Of } from './zip-lookup.js';
import { ZIP3_RANGES } from './zip-table.js';

/** Great-circle distance in km. */
function km(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(a));
}

describe('lookupZip: well-known ZIPs', () => {
  // [zip, state, zone, true lat, true lon] of the named city.
  it.each([
    ['10001', 'NY', 'America/New_York', 40.75, -73.99], // New York
    ['60601', 'IL', 'America/Chicago', 41.89, -87.62], // Chicago
    ['94103', 'CA', 'America/Los_Angeles', 37.77, -122.41], // San Francisco
    ['85001', 'AZ', 'America/Phoenix', 33.45, -112.07], // Phoenix
    ['96813', 'HI', 'Pacific/Honolulu', 21.31, -157.86], // Honolulu
    ['99501', 'AK', 'America/Anchorage', 61.22, -149.9], // Anchorage
    ['80202', 'CO', 'America/Denver', 39.75, -105.0], // Denver
    ['33101', 'FL', 'America/New_York', 25.77, -80.19], // Miami
    ['32501', 'FL', 'America/Chicago', 30.42, -87.22], // Pensacola
    ['79901', 'TX', 'America/Denver', 31.76, -106.49], // El Paso
    ['02108', 'MA', 'America/New_York', 42.36, -71.06], // Boston
    ['98101', 'WA', 'America/Los_Angeles', 47.61, -122.33], // Seattle
    ['46204', 'IN', 'America/Indiana/Indianapolis', 39.77, -86.16], // Indianapolis
    ['46320', 'IN', 'America/Chicago', 41.58, -87.5], // Hammond
    ['47708', 'IN', 'America/Chicago', 37.97, -87.57], // Evansville
    ['37203', 'TN', 'America/Chicago', 36.15, -86.79], // Nashville
    ['37902', 'TN', 'America/New_York', 35.96, -83.92], // Knoxville
    ['40202', 'KY', 'America/Kentucky/Louisville', 38.25, -85.76], // Louisville
    ['42001', 'KY', 'America/Chicago', 37.08, -88.6], // Paducah
    ['83702', 'ID', 'America/Boise', 43.62, -116.2], // Boise
    ['83814', 'ID', 'America/Los_Angeles', 47.68, -116.78], // Coeur d'Alene
    ['97914', 'OR', 'America/Boise', 44.03, -116.96], // Ontario, Oregon
    ['57701', 'SD', 'America/Denver', 44.08, -103.23], // Rapid City
    ['58601', 'ND', 'America/Denver', 46.88, -102.79], // Dickinson
    ['49855', 'MI', 'America/Detroit', 46.54, -87.4], // Marquette
    ['86515', 'AZ', 'America/Denver', 35.68, -109.05], // Window Rock (Navajo Nation)
    ['86001', 'AZ', 'America/Phoenix', 35.2, -111.65], // Flagstaff
    ['20500', 'DC', 'America/New_York', 38.9, -77.04], // Washington
    ['20166', 'VA', 'America/New_York', 38.98, -77.45], // Dulles
    ['00901', 'PR', 'America/Puerto_Rico', 18.47, -66.11], // San Juan
    ['96910', 'GU', 'Pacific/Guam', 13.48, 144.75], // Hagatna
  ])('%s -> %s %s', (zip, state, timeZone, lat, lon) => {
    const info = lookupZip(zip);
    expect(info).toMatchObject({ zip3: zip.slice(0, 3), state, timeZone });
    expect(km(info!.lat, info!.lon, lat, lon)).toBeLessThan(200);
  });
});

describe('lookupZip: input handling', () => {
  it.each(['60601', '60601-1234', ' 60601 ', '\t60601\n'])('accepts %j', (zip) => {
    expect(lookupZip(zip)?.state).toBe('IL');
  });

  it.each([
    '',
    '   ',
    '6060',
    '606011',
    '60601-12',
    '60601 1234',
    '6060A',
    'ABCDE',
    'SW1A 1AA',
    'K1A 0B1',
    '00000', // unassigned prefix
    '09001', // military AE
    '34002', // military AA
    '96201', // military AP
  ])('returns null for %j', (zip) => {
    expect(lookupZip(zip)).toBeNull();
  });

  it('returns a copy the caller may change', () => {
    const a = lookupZip('60601')!;
    a.state = 'XX';
    expect(lookupZip('60601')?.state).toBe('IL');
  });
});

describe('isUsZip / zip3Of', () => {
  it.each([
    ['60601', true, '606'],
    ['02108', true, '021'],
    ['60601-1234', true, '606'],
    [' 60601 ', true, '606'],
    ['00000', true, '000'],
    ['6060', false, null],
    ['606012', false, null],
    ['60601-123', false, null],
    ['60601-', false, null],
    ['606-01', false, null],
    ['', false, null],
  ])('%j -> %s %s', (zip, valid, zip3) => {
    expect(isUsZip(zip)).toBe(valid);
    expect(zip3Of(zip)).toBe(zip3);
  });
});

describe('ZIP3 table', () => {
  it('every time zone is a valid IANA name', () => {
    const bad = ZIP3_RANGES.filter((r) => !isValidTimeZone(r[3]));
    expect(bad).toEqual([]);
  });

  it('ranges are well formed, sorted and non-overlapping', () => {
    let previousTo = -1;
    for (const [from, to, state, , lat, lon] of ZIP3_RANGES) {
      expect(Number.isInteger(from) && Number.isInteger(to)).toBe(true);
      expect(from).toBeGreaterThan(previousTo);
      expect(to).toBeGreaterThanOrEqual(from);
      expect(to).toBeLessThanOrEqual(999);
      expect(state).toMatch(/^[A-Z]{2}$/);
      // US states and territories: Guam is the only one east of the date line.
      expect(lat).toBeGreaterThan(13);
      expect(lat).toBeLessThan(72);
      expect(state === 'GU' ? lon > 144 : lon < -64 && lon > -170).toBe(true);
      previousTo = to;
    }
  });

  it('covers every state, DC and the main territories', () => {
    const states = new Set(ZIP3_RANGES.map((r) => r[2]));
    const expected =
      'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR VI GU';
    expect([...states].sort()).toEqual(expected.split(' ').sort());
  });

  it('covers the assigned prefix space', () => {
    const covered = ZIP3_RANGES.reduce((n, [from, to]) => n + to - from + 1, 0);
    expect(covered).toBeGreaterThanOrEqual(900);
  });
});
