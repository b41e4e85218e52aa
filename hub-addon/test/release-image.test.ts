// `npm run -w hub-addon image`: the docker commands it runs for a release (printed by --dry-run,
// which needs no Docker), the `image:` it writes into config.yaml once every arch is pushed (with a
// stand-in `docker` that records its arguments, on a copy of the add-on folder), and its refusal
// without Docker. Docker itself is not run here: the build machine has no daemon.
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

  it('builds one image per arch from the working tree as the source, tagged <image>:<version>, and loads it locally unless asked to push', () => {
    const res = release(['--dry-run']);
    expect(res.status).toBe(0);
    expect(commands(res.stdout)).toEqual(
      [
        ['linux/arm64', 'aarch64'],
        ['linux/amd64', 'amd64'],
      ].map(
        ([platform, arch]) =>
          `[hub-addon] docker buildx build --platform ${platform} --build-context source=. --file hub-addon/Dockerfile --build-arg BUILD_ARCH=${arch} --build-arg BUILD_VERSION=${version} --tag ghcr.io/offpeak/${arch}-addon-offpeak:${version} --load hub-addon`,
      ),
    );
  });

  it('pushes only with --push, and builds one arch with --arch', () => {
    const res = release(['--dry-run', '--push', '--arch', 'amd64']);
    expect(res.status).toBe(0);
    expect(commands(res.stdout)).toEqual([
      expect.stringMatching(/--platform linux\/amd64 .* --tag ghcr\.io\/offpeak\/amd64-addon-offpeak:\S+ --push hub-addon$/),
    ]);
    // One arch pushed is not a release: homes would pull an image their arch lacks.
    expect(res.stdout).not.toContain('config.yaml: image:');
  });

  it('names the image in config.yaml once every arch is pushed, and not after a local build', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'release-'));
    const copy = path.join(root, 'hub-addon');
    for (const f of ['config.yaml', 'package.json', 'CHANGELOG.md', 'scripts']) cpSync(path.join(ADDON, f), path.join(copy, f), { recursive: true });
    const bin = path.join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'docker'), `#!/bin/sh\necho "$@" >> ${root}/docker.log\n`);
    chmodSync(path.join(bin, 'docker'), 0o755);
    const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` };
    const run = (args: string[]) => spawnSync(process.execPath, [path.join(copy, 'scripts/release-image.mjs'), ...args], { cwd: copy, env, encoding: 'utf8' });
    try {
      expect(run([]).status).toBe(0);
      expect(readFileSync(path.join(copy, 'config.yaml'), 'utf8')).toBe(readFileSync(path.join(ADDON, 'config.yaml'), 'utf8'));
      const pushed = run(['--push']);
      expect(pushed.status).toBe(0);
      expect(pushed.stdout).toContain('commit config.yaml');
      const config = parseYaml(readFileSync(path.join(copy, 'config.yaml'), 'utf8')) as Record<string, unknown>;
      const { image, ...rest } = config;
      expect(image).toBe('ghcr.io/offpeak/{arch}-addon-offpeak');
      expect(rest).toEqual(parseYaml(readFileSync(path.join(ADDON, 'config.yaml'), 'utf8')));
      expect(
        readFileSync(path.join(root, 'docker.log'), 'utf8')
          .split('\n')
          .filter((l) => l.includes('--push')),
      ).toHaveLength(2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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
