// Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of
// the built dashboard (dist/ or the folder given), so the cloud sends them as they are, compressed
// once at build time at the highest levels (cloud/src/http/dashboard-static.ts). Files under 1 KB
// are left alone: compressing them saves less than the headers cost.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_BYTES = 1024;
const dist = process.argv[2] ? path.resolve(process.argv[2]) : fileURLToPath(new URL('../dist/', import.meta.url));

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  if (statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dist) || '.'} (.br and .gz)`);
