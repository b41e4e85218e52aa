// `npm run -w dashboard size`: the JavaScript the first page loads (the entry script and the chunks
// it preloads, as listed in dist/index.html), gzipped; exits 1 above the budget.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

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
let totalBytes = 0;
for (const src of new Set(scripts)) {
  const bytes = gzipSync(readFileSync(path.join(dist, src.replace(/^\//, '')))).length;
  totalBytes += bytes;
  console.log(`${src}  ${(bytes / 1024).toFixed(1)} KB gzipped`);
}
const totalKb = totalBytes / 1024;
console.log(`First page JavaScript: ${totalKb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (totalKb > BUDGET_KB) {
  console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
