// `npm run -w dashboard size`: the JavaScript the first page loads (the entry script and the chunks
// it preloads, as listed in dist/index.html), in the bytes the cloud sends a browser: the build's
// brotli copy (dashboard/scripts/precompress.mjs; gzip shown beside it for browsers without br).
// Exits 1 above the budget, or when a compressed copy is missing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 150;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const indexFile = path.join(dist, 'index.html');
if (!existsSync(indexFile)) {
  console.error('dashboard/dist/index.html is missing: run `npm run build` first.');
  process.exit(1);
}
const html = readFileSync(indexFile, 'utf8');
const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]);
if (scripts.length === 0) {
  console.error('No script found in dist/index.html.');
  process.exit(1);
}
const kb = (bytes) => (bytes / 1024).toFixed(1);
let brBytes = 0;
let gzBytes = 0;
for (const src of new Set(scripts)) {
  const file = path.join(dist, src.replace(/^\//, ''));
  if (!existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) {
    console.error(`${src} has no compressed copy: run \`npm run build\` (it runs scripts/precompress.mjs).`);
    process.exit(1);
  }
  const br = statSync(`${file}.br`).size;
  const gz = statSync(`${file}.gz`).size;
  brBytes += br;
  gzBytes += gz;
  console.log(`${src}  ${kb(statSync(file).size)} KB, sent as ${kb(br)} KB brotli (${kb(gz)} KB gzip)`);
}
console.log(`First page JavaScript sent: ${kb(brBytes)} KB brotli, ${kb(gzBytes)} KB gzip (budget ${BUDGET_KB} KB)`);
if (gzBytes / 1024 > BUDGET_KB) {
  console.error(`Over budget by ${kb(gzBytes - BUDGET_KB * 1024)} KB.`);
  process.exit(1);
}
