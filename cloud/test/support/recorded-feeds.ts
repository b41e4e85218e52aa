// The recorded payload of each feed's zone (src/domain/tariffs/feeds/fixtures), for the tests
// that parse or serve them.
import { readFileSync } from 'node:fs';
import type { LocalDate } from '../../src/domain/time/slot-grid.js';

/** The recorded payload of each zone in src/domain/tariffs/feeds/fixtures and its market day. */
export const RECORDED_DAYS: { slug: string; file: string; date: LocalDate }[] = [
  { slug: 'comed-hourly', file: 'comed-5minutefeed-2024-07-15.json', date: '2024-07-15' },
  { slug: 'caiso-np15', file: 'caiso-prc-lmp-2024-04-20.zip', date: '2024-04-20' },
  { slug: 'ercot-houston', file: 'ercot-dam-spp-2024-08-20.json', date: '2024-08-20' },
  { slug: 'pjm-dom', file: 'pjm-da-hrl-lmps-2024-01-16.json', date: '2024-01-16' },
  { slug: 'nyiso-nyc', file: 'nyiso-damlbmp-zone-2024-07-10.csv', date: '2024-07-10' },
  { slug: 'isone-hub', file: 'isone-hourlylmp-da-2024-01-22.json', date: '2024-01-22' },
  { slug: 'miso-illinois', file: 'miso-da-expost-lmp-2024-07-30.csv', date: '2024-07-30' },
  { slug: 'spp-south', file: 'spp-da-lmp-sl-2024-05-05.csv', date: '2024-05-05' },
  { slug: 'octopus-agile-c', file: 'octopus-agile-c-2024-03-12.json', date: '2024-03-12' },
  { slug: 'entsoe-de-lu', file: 'entsoe-a44-de-lu-2024-06-02.xml', date: '2024-06-02' },
];

/** The bytes of a recorded fixture. */
export function recordedBody(file: string): Buffer {
  return readFileSync(new URL(`../../src/domain/tariffs/feeds/fixtures/${file}`, import.meta.url));
}
