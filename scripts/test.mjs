// `npm test` after its `pretest` (install what is missing, build every workspace once): the linter
// and the workspaces' tests in two lanes side by side, then the browser and system suites alone.
//
//   lane 1: the cloud (type-check of its tests, then vitest, one test file at a time)
//   lane 2: lint, hub-addon, dashboard, firmware-sim (mostly waiting on timers and sockets)
//   then:   e2e (Playwright: dashboard journeys, then the system tests on an accelerated clock,
//           which need the machine's two cores to themselves)
//
// A lane's steps run one after the other; each step's output is printed whole when it ends, so two
// lanes never interleave lines. e2e streams as it runs. The e2e step is skipped when a lane failed.
// TEST_LANES=1 runs every step one after the other (to time each part alone). The last lines are
// each part's wall time (docs/system-tests.md "npm test"; figures in docs/benchmarks.md).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const step = (name, args) => ({ name, args });
const testOf = (ws) => step(ws, ['test', '-w', ws]);
// Every workspace with a test script, in the order package.json lists them: the cloud in lane 1,
// e2e last, every other one (a workspace added later too) in lane 2 after the linter.
const root = JSON.parse(readFileSync('package.json', 'utf8'));
const tested = root.workspaces.filter((ws) => JSON.parse(readFileSync(`${ws}/package.json`, 'utf8')).scripts?.test);
const [FIRST, LAST_NAME] = ['cloud', 'e2e'];
const LANES = [
  tested.filter((ws) => ws === FIRST).map(testOf),
  [step('lint', ['run', '-s', 'lint']), ...tested.filter((ws) => ws !== FIRST && ws !== LAST_NAME).map(testOf)],
];
const LAST = tested.includes(LAST_NAME) ? testOf(LAST_NAME) : null;

const results = [];

function run({ name, args }, { stream }) {
  const began = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, args, { stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    if (!stream) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - began) / 1000;
      const ok = code === 0;
      if (!stream) {
        process.stdout.write(`\n──── ${name} (npm ${args.join(' ')}) ────\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(`──── ${name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(0)} s\n`);
      results.push({ name, ok, seconds });
      resolve(ok);
    });
  });
}

async function lane(steps) {
  let ok = true;
  for (const s of steps) ok = (await run(s, { stream: false })) && ok;
  return ok;
}

const began = Date.now();
const oneByOne = process.env.TEST_LANES === '1';
let ok;
if (oneByOne) {
  ok = true;
  for (const steps of LANES) ok = (await lane(steps)) && ok;
} else {
  console.log(`npm test: ${LANES.map((l) => l.map((s) => s.name).join(', ')).join(' | ')} side by side${LAST ? `, then ${LAST.name}` : ''}`);
  ok = (await Promise.all(LANES.map(lane))).every(Boolean);
}
if (LAST && ok) ok = await run(LAST, { stream: true });
else if (LAST) console.log(`──── ${LAST.name}: skipped (a part above failed)`);

console.log(`\nnpm test parts (wall seconds${oneByOne ? ', one after the other' : ''}):`);
for (const r of results) console.log(`  ${r.name.padEnd(13)} ${r.seconds.toFixed(0).padStart(5)} s  ${r.ok ? 'passed' : 'FAILED'}`);
console.log(`  ${'total'.padEnd(13)} ${((Date.now() - began) / 1000).toFixed(0).padStart(5)} s  ${ok ? 'passed' : 'FAILED'}`);
process.exit(ok ? 0 : 1);
