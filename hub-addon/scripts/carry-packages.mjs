// Copies the built monorepo packages the add-on runs with into dist/node_modules/, so that dist/ is
// the whole add-on: the image (Dockerfile) installs only the registry's packages, and Node resolves
// `@offpeak/client-kit` from /app/dist/*.js to /app/dist/node_modules/ (docs/hub-addon.md
// "Packaging"). @offpeak/cloud is not carried: the add-on imports only its types.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The workspace packages dist/ carries. The Dockerfile drops every @offpeak/ dependency. */
const CARRIED = ['@offpeak/client-kit'];

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/** The folder of an installed package: the nearest package.json above its resolved entry point. */
function packageDir(name) {
  let dir = path.dirname(fileURLToPath(import.meta.resolve(name)));
  while (!existsSync(path.join(dir, 'package.json'))) {
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${name}'s entry point`);
    dir = path.dirname(dir);
  }
  return dir;
}

for (const name of CARRIED) {
  const from = packageDir(name);
  const manifest = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8'));
  // What is carried is not installed, so it must need nothing installed.
  if (Object.keys(manifest.dependencies ?? {}).length) throw new Error(`${name} has dependencies; the add-on's image cannot carry it as built`);
  const to = path.join(DIST, 'node_modules', name);
  rmSync(to, { recursive: true, force: true });
  mkdirSync(to, { recursive: true });
  const { version, type, exports } = manifest;
  writeFileSync(path.join(to, 'package.json'), `${JSON.stringify({ name, version, private: true, type, exports }, null, 2)}\n`);
  cpSync(path.join(from, 'dist'), path.join(to, 'dist'), {
    recursive: true,
    filter: (file) => !/\.test\.[^/]*$|\.map$/.test(file),
  });
  console.log(`[hub-addon] carried ${name} into dist/node_modules`);
}
