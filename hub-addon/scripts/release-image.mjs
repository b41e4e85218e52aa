// Builds the add-on's release images, one per arch of config.yaml, from the working tree
// (hub-addon/Dockerfile with the repository root as its `source` build context), tagged
// `<image>:<version>` as the Supervisor pulls them. Pushes only with --push, and then writes
// `image:` into config.yaml, which switches homes from building the add-on to pulling it; without
// --push the images are loaded into the local Docker to try. docs/hub-addon.md "Packaging".
//
//   node scripts/release-image.mjs [--push] [--arch amd64|aarch64] [--dry-run]
//
// --dry-run prints the docker commands and the config.yaml change, and runs nothing (no Docker needed).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ADDON = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.dirname(ADDON);
/** Where the images are published, `{arch}` filled in per arch: a placeholder until the first release. */
const IMAGE = 'ghcr.io/offpeak/{arch}-addon-offpeak';
/** Home Assistant's arch names and the Docker platforms they build for. */
const PLATFORMS = { amd64: 'linux/amd64', aarch64: 'linux/arm64' };

const args = process.argv.slice(2);
const push = args.includes('--push');
const dryRun = args.includes('--dry-run');
const onlyArch = args.includes('--arch') ? args[args.indexOf('--arch') + 1] : undefined;

function fail(message) {
  console.error(`[hub-addon] ${message}`);
  process.exit(1);
}

const config = readFileSync(path.join(ADDON, 'config.yaml'), 'utf8');
const version = /^version:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(config)?.[1];
const named = /^image:\s*(\S+)\s*$/m.exec(config)?.[1];
const arches = [...(/^arch:\n((?:\s+- \S+\n)+)/m.exec(config)?.[1] ?? '').matchAll(/- (\S+)/g)].map((m) => m[1]);
const packageVersion = JSON.parse(readFileSync(path.join(ADDON, 'package.json'), 'utf8')).version;

if (named !== undefined && named !== IMAGE) fail(`config.yaml names the image ${named}, not ${IMAGE}: set IMAGE in this script to the one published`);
if (version !== packageVersion) fail(`config.yaml's version ${version} is not package.json's ${packageVersion}: set both to the version being released`);
if (!readFileSync(path.join(ADDON, 'CHANGELOG.md'), 'utf8').includes(`## [${version}]`))
  fail(`CHANGELOG.md has no "## [${version}]" section: write the release's entry first`);
if (onlyArch !== undefined && !arches.includes(onlyArch)) fail(`--arch must be one of config.yaml's arches: ${arches.join(', ')}`);
const unknown = arches.filter((arch) => !PLATFORMS[arch]);
if (unknown.length) fail(`no Docker platform for the arch ${unknown.join(', ')}`);

const builds = arches
  .filter((arch) => onlyArch === undefined || arch === onlyArch)
  .map((arch) => [
    'buildx',
    'build',
    '--platform',
    PLATFORMS[arch],
    '--build-context',
    'source=.',
    '--file',
    'hub-addon/Dockerfile',
    '--build-arg',
    `BUILD_ARCH=${arch}`,
    '--build-arg',
    `BUILD_VERSION=${version}`,
    '--tag',
    `${IMAGE.replace('{arch}', arch)}:${version}`,
    push ? '--push' : '--load',
    'hub-addon',
  ]);

if (!dryRun) {
  const docker = spawnSync('docker', ['--version'], { encoding: 'utf8' });
  if (docker.error || docker.status !== 0)
    fail('docker is not installed or not on PATH: the release images are built with `docker buildx` (Docker Engine or Docker Desktop with the buildx plugin)');
  const buildx = spawnSync('docker', ['buildx', 'version'], { encoding: 'utf8' });
  if (buildx.error || buildx.status !== 0)
    fail(
      'docker buildx is missing: install the buildx plugin (e.g. the docker-buildx-plugin package, or Docker Desktop); building aarch64 on an amd64 machine also needs QEMU (docker run --privileged --rm tonistiigi/binfmt --install arm64)',
    );
}
for (const build of builds) {
  console.log(`[hub-addon] docker ${build.join(' ')}`);
  if (dryRun) continue;
  const res = spawnSync('docker', build, { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) fail(`docker buildx build for ${build[build.indexOf('--platform') + 1]} failed`);
}
// Every arch must be there before a home is told to pull.
if (push && onlyArch === undefined && named === undefined) {
  console.log(`[hub-addon] config.yaml: image: ${IMAGE}`);
  if (!dryRun) writeFileSync(path.join(ADDON, 'config.yaml'), config.replace(/^arch:$/m, `image: ${IMAGE}\narch:`));
}
if (!dryRun)
  console.log(
    push
      ? `[hub-addon] pushed ${version}: commit config.yaml; the Supervisor installs and updates from ${IMAGE}`
      : `[hub-addon] built ${version} into the local Docker; --push publishes it`,
  );
