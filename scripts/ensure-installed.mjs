// Installs workspace dependencies when they are missing or older than the lockfile, so that
// `npm start` and `npm test` work on a fresh clone with nothing done by hand.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const lock = existsSync('package-lock.json') ? 'package-lock.json' : 'package.json';
const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
if (stale) {
  const cmd = existsSync('package-lock.json') ? 'npm ci' : 'npm install';
  console.log(`[setup] ${cmd}`);
  execSync(`${cmd} --no-audit --no-fund`, { stdio: 'inherit' });
}
