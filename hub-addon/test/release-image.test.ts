// `npm run -w hub-addon image`: the docker commands it runs for a release (printed by --dry-run,
// which needs no Docker), and its refusal without Docker. Docker itself is not run here: the build
// machine has no daemon; what the builder stage does is checked in packaging.test.ts and image.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parseYaml } from './support/yaml.js';

const ADDON = fileURLToPath(new URL('..', import.meta.url));
const { version } = parseYaml(readFileSync(path.join(ADDON, 'config.yaml'), 'utf8')) as { version: string };
const release = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, [path.join(ADDON, 'scripts/release-image.mjs'), ...args], { cwd: ADDON, env, encoding: 'utf8' });
const commands = (stdout: string) => stdout.split('\n').filter((l) => l.startsWith('[hub-addon] docker '));

describe('the release script', () => {
  const empty = mkdtempSync(path.join(tmpdir(), 'no-docker-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it('builds one image per arch from the repository root, tagged <image>:<version>, and loads it locally unless asked to push', () => {
    const res = release(['--dry-run']);
    expect(res.status).toBe(0);
    expect(commands(res.stdout)).toEqual(
      [
        ['linux/arm64', 'aarch64'],
        ['linux/amd64', 'amd64'],
      ].map(
        ([platform, arch]) =>
          `[hub-addon] docker buildx build --platform ${platform} --file hub-addon/Dockerfile --build-arg BUILD_ARCH=${arch} --build-arg BUILD_VERSION=${version} --tag ghcr.io/offpeak/${arch}-addon-offpeak:${version} --load .`,
      ),
    );
  });

  it('pushes only with --push, and builds one arch with --arch', () => {
    const res = release(['--dry-run', '--push', '--arch', 'amd64']);
    expect(res.status).toBe(0);
    expect(commands(res.stdout)).toEqual([expect.stringMatching(/--platform linux\/amd64 .* --tag ghcr\.io\/offpeak\/amd64-addon-offpeak:\S+ --push \.$/)]);
  });

  it("refuses an arch that config.yaml doesn't list", () => {
    const res = release(['--dry-run', '--arch', 'armv7']);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("--arch must be one of config.yaml's arches: aarch64, amd64");
  });

  it('says Docker is missing, and builds nothing, when docker is not on PATH', () => {
    const res = release([], { ...process.env, PATH: empty });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('docker is not installed or not on PATH: the release images are built with `docker buildx`');
    expect(commands(res.stdout)).toEqual([]);
  });
});
