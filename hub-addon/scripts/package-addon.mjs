// Writes the add-on as a folder Home Assistant builds by itself from the working tree (its /addons/
// share, "Local add-ons"), for developers: config.yaml without `image:`, the Dockerfile's last stage
// with every COPY source beside it, dist/ (with @offpeak/client-kit inside, without the simulator,
// the bench, maps, types or tests), package.json with only the registry dependencies and their
// lockfile, the translations, the store texts and images and the AppArmor profile. The Dockerfile's
// builder stage runs this same script, so both are built by the same commands. docs/hub-addon.md
// "Packaging".
//
//   node scripts/package-addon.mjs [out] [--no-build] [--dry-run]
//
// out defaults to hub-addon/local-addon/offpeak (git-ignored). --no-build packages the dist/ built
// already; --dry-run prints the build commands and the folder, and writes nothing.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ADDON = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.dirname(ADDON);
/** The workspaces the add-on is built from, in order: the clock and CloudError it carries, the cloud (its contract types), the add-on. */
const BUILD_WORKSPACES = ['client-kit', 'cloud', 'hub-addon'];
/** Files of the add-on folder the Supervisor reads beside config.yaml, copied as they are. */
const STORE_FILES = ['DOCS.md', 'README.md', 'CHANGELOG.md', 'translations', 'icon.png', 'logo.png', 'apparmor.txt'];
/** What dist/ holds that the add-on does not run: the Home Assistant simulator, the bench, the testing entry, source maps, type files, tests. */
const NOT_SHIPPED = /^(ha-sim|bench|testing)(\/|$)|\.map$|\.d\.ts$|\.test\.[^/]*$/;

const args = process.argv.slice(2);
// A relative folder is taken from where npm was run (npm runs scripts in the workspace's folder).
const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), args.find((a) => !a.startsWith('--')) ?? path.join(ADDON, 'local-addon', 'offpeak'));
const build = !args.includes('--no-build');
const dryRun = args.includes('--dry-run');

function fail(message) {
  console.error(`[hub-addon] ${message}`);
  process.exit(1);
}

// The folder is replaced: never the add-on's own sources (their config.yaml is an Offpeak add-on's too) or someone else's files.
const fromAddon = path.relative(ADDON, out);
if (!path.relative(out, ADDON).startsWith('..') || (!fromAddon.startsWith('..') && fromAddon.split(path.sep)[0] !== 'local-addon'))
  fail(`${out} holds the add-on's sources: write the package elsewhere (by default hub-addon/local-addon/offpeak)`);
if (existsSync(out) && readdirSync(out).length && !/^slug: offpeak$/m.test(readIf(path.join(out, 'config.yaml'))))
  fail(`${out} is not empty and is not an Offpeak add-on folder; not overwriting it`);

if (build)
  for (const workspace of BUILD_WORKSPACES) {
    console.log(`[hub-addon] npm run build -w ${workspace}`);
    if (dryRun) continue;
    const res = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (res.status !== 0) fail(`npm run build -w ${workspace} failed`);
  }
console.log(`[hub-addon] add-on folder: ${out}`);
if (dryRun) process.exit(0);

if (!existsSync(path.join(ADDON, 'dist', 'main.js'))) fail('hub-addon/dist/main.js is missing: build first (npm run build), or leave out --no-build');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

// The Supervisor builds a folder whose config.yaml names no image.
writeFileSync(path.join(out, 'config.yaml'), readFileSync(path.join(ADDON, 'config.yaml'), 'utf8').replace(/^(#.*\n)*image:.*\n/m, ''));
writeFileSync(path.join(out, 'Dockerfile'), localDockerfile(readFileSync(path.join(ADDON, 'Dockerfile'), 'utf8')));
const manifest = registryManifest(JSON.parse(readFileSync(path.join(ADDON, 'package.json'), 'utf8')));
writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
const lock = lockfileFor(manifest, JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')));
writeFileSync(path.join(out, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
cpSync(path.join(ADDON, 'dist'), path.join(out, 'dist'), {
  recursive: true,
  filter: (file) => !NOT_SHIPPED.test(path.relative(path.join(ADDON, 'dist'), file).split(path.sep).join('/')),
});
for (const name of STORE_FILES) cpSync(path.join(ADDON, name), path.join(out, name), { recursive: true });
console.log(`[hub-addon] wrote the add-on ${manifest.version}: copy ${out} into Home Assistant's /addons/ folder`);

function readIf(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/** The release Dockerfile's global ARGs and last stage, copying from the folder instead of the builder stage. */
function localDockerfile(release) {
  const lines = release.split('\n');
  const firstFrom = lines.findIndex((l) => l.startsWith('FROM '));
  const lastFrom = lines.findLastIndex((l) => l.startsWith('FROM '));
  const stage = lines.slice(lastFrom).map((l) => (l.startsWith('COPY --from=builder ') ? l.replace('--from=builder ', '').replaceAll('/addon/', '') : l));
  if (stage.some((l) => l.includes('--from='))) throw new Error('the last stage of hub-addon/Dockerfile copies from a stage other than the builder');
  return [
    '# Written by hub-addon/scripts/package-addon.mjs from the last stage of hub-addon/Dockerfile: the',
    '# Supervisor builds this folder as it is (its Dockerfile copies only files beside it).',
    ...lines.slice(0, firstFrom).filter((l) => l.startsWith('ARG ')),
    '',
    ...stage,
  ].join('\n');
}

/** package.json as the image installs it: the monorepo's @offpeak/ packages are carried in dist/ or used for types only. */
function registryManifest({ name, version, type, description, dependencies }) {
  const registry = Object.fromEntries(Object.entries(dependencies).filter(([dep]) => !dep.startsWith('@offpeak/')));
  return { name, version, private: true, type, description, dependencies: registry };
}

/** The part of the monorepo's lockfile the manifest's dependencies need, hoisted to one node_modules/. */
function lockfileFor(manifest, rootLock) {
  const packages = { '': { name: manifest.name, version: manifest.version, dependencies: manifest.dependencies } };
  const add = (dep, from) => {
    // npm's resolution: the nearest node_modules/ from the dependent up to the root.
    let entryKey;
    for (let dir = from; entryKey === undefined; dir = dir.includes('/node_modules/') ? dir.slice(0, dir.lastIndexOf('/node_modules/')) : '') {
      const key = `${dir ? `${dir}/` : ''}node_modules/${dep}`;
      if (rootLock.packages[key]) entryKey = key;
      else if (!dir) throw new Error(`package-lock.json has no entry for ${dep} (needed by ${from || 'the add-on'})`);
    }
    const entry = rootLock.packages[entryKey];
    const key = `node_modules/${dep}`;
    if (packages[key]) {
      if (packages[key].version !== entry.version)
        throw new Error(`${dep} is locked at ${packages[key].version} and ${entry.version}: the add-on's lockfile cannot hoist both`);
      return;
    }
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...kept } = entry;
    packages[key] = kept;
    const optionalPeers = entry.peerDependenciesMeta ?? {};
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((p) => !optionalPeers[p]?.optional);
    for (const next of [...Object.keys(entry.dependencies ?? {}), ...peers]) add(next, entryKey);
  };
  for (const dep of Object.keys(manifest.dependencies)) add(dep, 'hub-addon');
  return { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages };
}
