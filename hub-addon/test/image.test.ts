// The local add-on folder (`npm run -w hub-addon package`) and the image its Dockerfile builds run
// without the monorepo: the folder is written outside it, holds every file its Dockerfile copies,
// and the image's /app (laid out from it, with its real `npm ci`) starts. The release image's last
// stage is the same Dockerfile (packaging.test.ts). Needs `npm run build` (the root `npm test` does it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerCopies, dockerIgnored, layOutImage, packageAddon } from './support/image-files.js';
import { parseYaml } from './support/yaml.js';

const ADDON = fileURLToPath(new URL('..', import.meta.url));
const LOCK = JSON.parse(readFileSync(path.join(ADDON, '../package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };

// os.tmpdir() is outside the monorepo: no node_modules above the folder or /app to fall back on.
const root = mkdtempSync(path.join(tmpdir(), 'addon-image-'));
const folder = path.join(root, 'offpeak');
const app = path.join(root, 'app');
let manifest: { dependencies: Record<string, string> };
beforeAll(() => {
  packageAddon(folder);
  manifest = layOutImage(folder, app);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the local add-on folder', () => {
  it('holds every file its Dockerfile copies, and builds FROM one base without another stage', () => {
    const docker = readFileSync(path.join(folder, 'Dockerfile'), 'utf8');
    expect(docker.split('\n').filter((l) => l.startsWith('FROM '))).toEqual(['FROM ${BUILD_FROM}']);
    const sources = dockerCopies(docker).flatMap((c) => c.sources);
    expect(sources).toEqual(['package.json', 'package-lock.json', 'dist/']);
    for (const source of sources) expect(existsSync(path.join(folder, source)), source).toBe(true);
  });

  it('has the config.yaml of the add-on without `image:`, so the Supervisor builds it', () => {
    const local = parseYaml(readFileSync(path.join(folder, 'config.yaml'), 'utf8')) as Record<string, unknown>;
    const { image: _image, ...repository } = parseYaml(readFileSync(path.join(ADDON, 'config.yaml'), 'utf8')) as Record<string, unknown>;
    expect(local).not.toHaveProperty('image');
    expect(local).toEqual(repository);
  });

  it('has the translations, the store texts and images, and the AppArmor profile', () => {
    expect(readdirSync(folder).sort()).toEqual([
      'CHANGELOG.md',
      'DOCS.md',
      'Dockerfile',
      'README.md',
      'apparmor.txt',
      'config.yaml',
      'dist',
      'icon.png',
      'logo.png',
      'package-lock.json',
      'package.json',
      'translations',
    ]);
    for (const file of ['translations/en.yaml', 'DOCS.md', 'CHANGELOG.md', 'README.md', 'apparmor.txt', 'icon.png', 'logo.png'])
      expect(readFileSync(path.join(folder, file)).equals(readFileSync(path.join(ADDON, file))), file).toBe(true);
  });

  it('locks the registry packages at the versions the workspace runs with', () => {
    const lock = JSON.parse(readFileSync(path.join(folder, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string }> };
    const locked = Object.entries(lock.packages)
      .filter(([key]) => key)
      .map(([key, entry]) => [key, entry.version]);
    expect(locked.sort()).toEqual(
      ['home-assistant-js-websocket', 'ws'].map((name) => [`node_modules/${name}`, LOCK.packages[`node_modules/${name}`]!.version]),
    );
  });
});

describe('the package script', () => {
  it('refuses to replace a folder that is not an Offpeak add-on, and leaves it as it was', () => {
    const other = path.join(root, 'addons');
    mkdirSync(other);
    writeFileSync(path.join(other, 'notes.txt'), 'keep me');
    const res = spawnSync(process.execPath, [path.join(ADDON, 'scripts/package-addon.mjs'), '--no-build', other], { encoding: 'utf8' });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`${other} is not empty and is not an Offpeak add-on folder; not overwriting it`);
    expect(readdirSync(other)).toEqual(['notes.txt']);
  });

  it("refuses to write over the add-on's own sources or into them", () => {
    for (const target of [ADDON, path.dirname(ADDON), path.join(ADDON, 'dist')]) {
      const res = spawnSync(process.execPath, [path.join(ADDON, 'scripts/package-addon.mjs'), '--dry-run', target], { encoding: 'utf8' });
      expect(res.status, target).toBe(1);
      expect(res.stderr).toContain(`${path.resolve(target)} holds the add-on's sources: write the package elsewhere`);
    }
    expect(existsSync(path.join(ADDON, 'config.yaml'))).toBe(true);
  });

  it('replaces an Offpeak add-on folder it wrote before', () => {
    writeFileSync(path.join(folder, 'stale.txt'), 'from an older package');
    packageAddon(folder);
    expect(existsSync(path.join(folder, 'stale.txt'))).toBe(false);
    expect(existsSync(path.join(folder, 'dist/main.js'))).toBe(true);
  });
});

describe('the image', () => {
  it('installs only registry packages: no @offpeak/ dependency is left for npm', () => {
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['home-assistant-js-websocket', 'ws']);
    expect(
      readdirSync(path.join(app, 'node_modules'))
        .filter((n) => !n.startsWith('.'))
        .sort(),
    ).toEqual(['home-assistant-js-websocket', 'ws']);
  });

  it('carries @offpeak/client-kit in dist/node_modules, without the simulator, the bench or type files', () => {
    const kit = path.join(app, 'dist/node_modules/@offpeak/client-kit');
    expect(readdirSync(path.join(kit, 'dist')).sort()).toEqual(['clock.js', 'cloud-call.js', 'cloud-error.js', 'index.js']);
    expect(existsSync(path.join(kit, 'package.json'))).toBe(true);
    for (const gone of ['dist/ha-sim', 'dist/bench', 'dist/testing', 'dist/main.d.ts', 'dist/main.js.map', 'src', 'test', 'node_modules/@offpeak'])
      expect(existsSync(path.join(app, gone)), gone).toBe(false);
  });

  it('starts: every module loads, and bad configuration exits 2 naming the option', () => {
    const options = path.join(root, 'options.json');
    writeFileSync(options, JSON.stringify({ email: 'me@example.com', password: 'hunter2-secret', cloud_url: 'not a url' }));
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(HA_|OFFPEAK_|SUPERVISOR_TOKEN|HASSIO_TOKEN|LOG_LEVEL|NODE_PATH)/.test(k)));
    const res = spawnSync(process.execPath, [path.join(app, 'dist/main.js')], {
      cwd: app,
      env: { ...env, NODE_ENV: 'production', SUPERVISOR_TOKEN: 'sup', OFFPEAK_OPTIONS: options },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(res.stderr).not.toContain('ERR_MODULE_NOT_FOUND');
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('cloud_url: not a url must be an http or https URL');
  });
});

describe('dockerIgnored', () => {
  it('follows Docker: the last matching rule wins, a folder rule covers its files, ** spans folders', () => {
    const ignored = dockerIgnored('# c\n*\n!package.json\n!dist/\ndist/ha-sim/\ndist/**/*.map\n');
    expect(['package.json', 'dist/main.js', 'dist/node_modules/x/index.js'].filter(ignored)).toEqual([]);
    expect(['src/main.ts', 'Dockerfile', 'dist/ha-sim/main.js', 'dist/main.js.map', 'dist/a/b.js.map'].every(ignored)).toBe(true);
  });
});

describe('dockerCopies', () => {
  it('reads the stage, the sources and the destination of each COPY', () => {
    expect(dockerCopies('FROM x\n# COPY no\nCOPY a b ./\nCOPY --from=builder /addon/dist/ ./dist/\nRUN COPY')).toEqual([
      { sources: ['a', 'b'], dest: './' },
      { from: 'builder', sources: ['/addon/dist/'], dest: './dist/' },
    ]);
  });
});
