// The living-days harness (`npm run bench:living-days`): lives recorded days of a home against the
// built cloud on the test clock, from outside, never asking for a recompute, and compares what the
// battery captured with bench:recorded-home's plans over the same days. Exits non-zero when a check
// fails or the capture is more than one point off. README.md.
import { parseArgs } from 'node:util';
import { printTable } from '../load.js';
import { loadHouse1, loadHouse6 } from '../recorded-home/opsd-homes.js';
import { EMHASS_TARIFFS, liveEmhassHome } from './emhass-home.js';
import type { LivedComparison, LivedSpan } from './lived-comparison.js';
import { liveSolarHome, SOLAR_HOME_TARIFFS } from './solar-home.js';

const { values } = parseArgs({
  options: {
    home: { type: 'string', default: 'emhass' },
    from: { type: 'string', default: '60' },
    days: { type: 'string', default: '14' },
    rate: { type: 'string', default: '1200' },
    tariff: { type: 'string' },
  },
});
const span: LivedSpan = { first: Number(values.from), count: Number(values.days), rate: Number(values.rate), log: (l) => console.log(l) };

/** Each home, its tariffs (the first is the default) and how it is lived. */
const HOMES: Record<string, { tariffs: string[]; live: (tariff: string) => Promise<LivedComparison> }> = {
  emhass: { tariffs: Object.keys(EMHASS_TARIFFS), live: (t) => liveEmhassHome(EMHASS_TARIFFS[t]!, span) },
  house1: { tariffs: Object.keys(SOLAR_HOME_TARIFFS), live: (t) => liveSolarHome(loadHouse1(), SOLAR_HOME_TARIFFS[t]!, span) },
  house6: { tariffs: Object.keys(SOLAR_HOME_TARIFFS), live: (t) => liveSolarHome(loadHouse6(), SOLAR_HOME_TARIFFS[t]!, span) },
};
const home = HOMES[values.home];
if (!home) throw new Error(`--home must be one of ${Object.keys(HOMES).join(', ')}`);
const tariff = values.tariff ?? home.tariffs[0]!;
if (!home.tariffs.includes(tariff)) throw new Error(`--tariff must be one of ${home.tariffs.join(', ')} for ${values.home}`);

const { report, table, problems } = await home.live(tariff);
printTable(table);
console.log(
  `${report.rows} plans stored by the service; ${report.departures} charge readings off the trajectory, ${report.replannedAfterDeparture} followed by a re-plan`,
);
for (const p of problems) console.log(`FAIL ${p}`);
console.log(problems.length === 0 ? 'All checks met' : `${problems.length} checks failed`);
process.exitCode = problems.length === 0 ? 0 : 1;
