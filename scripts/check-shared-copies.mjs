// Compares the repository's copies of the shared data set with the originals in ../shared, the
// folder that sits beside the repository on the project's machines. Not part of `npm test`: a clone
// alone has no ../shared. Run with `npm run check:shared`; exits 1 on a difference, 2 when absent.
import { existsSync, readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';

const root = new URL('../', import.meta.url);
const shared = new URL('../shared/', root);

/** Repository copy -> original; JSON files are compared as parsed values, the rest byte for byte. */
const COPIES = [
  ['cloud/src/domain/tariffs/data/tou-plans.json', 'data/tou-plans.json', 'bytes'],
  ['cloud/src/domain/tariffs/data/dynamic-zones.json', 'data/dynamic-zones.json', 'bytes'],
  ['hub-addon/test/ha-sim/fixture.json', 'ha/fixture.json', 'json'],
];

if (!existsSync(shared)) {
  console.error(`check:shared: ${shared.pathname} is absent; nothing to compare (the repository's copies are used as they are).`);
  process.exit(2);
}
let differ = 0;
for (const [copy, original, how] of COPIES) {
  const originalUrl = new URL(original, shared);
  if (!existsSync(originalUrl)) {
    console.error(`check:shared: ${originalUrl.pathname} is absent`);
    differ++;
    continue;
  }
  const a = readFileSync(new URL(copy, root));
  const b = readFileSync(originalUrl);
  const same = how === 'json' ? isDeepStrictEqual(JSON.parse(a.toString('utf8')), JSON.parse(b.toString('utf8'))) : a.equals(b);
  console.log(`${same ? 'same   ' : 'DIFFERS'} ${copy} <-> ../shared/${original}`);
  if (!same) differ++;
}
process.exit(differ ? 1 : 0);
