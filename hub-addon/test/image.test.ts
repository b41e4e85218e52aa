// What the Dockerfile puts in the image runs without the monorepo: the built add-on carries the
// workspace packages it runs with (scripts/carry-packages.mjs), and only registry packages are left
// for `npm install`. Needs `npm run build` (the root `npm test` does it).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dockerIgnored, layOutImage } from './support/image-files.js';

const ADDON = fileURLToPath(new URL('..', import.meta.url));
const MODULES = path.join(path.dirname(ADDON), 'node_modules');

describe('the image', () => {
  // os.tmpdir() is outside the monorepo: no node_modules above /app to fall back on.
  const root = mkdtempSync(path.join(tmpdir(), 'addon-image-'));
  const app = path.join(root, 'app');
  let manifest: { dependencies: Record<string, string> };
  beforeAll(() => {
    manifest = layOutImage(ADDON, app, MODULES);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('installs only registry packages: no @offpeak/ dependency is left for npm', () => {
    expect(Object.keys(manifest.dependencies).sort()).toEqual(['home-assistant-js-websocket', 'ws']);
  });

  it('carries @offpeak/client-kit in dist/node_modules, without the simulator, the bench or type files', () => {
    const kit = path.join(app, 'dist/node_modules/@offpeak/client-kit');
    expect(readdirSync(path.join(kit, 'dist')).sort()).toEqual(['clock.js', 'cloud-call.js', 'cloud-error.js', 'index.js']);
    expect(existsSync(path.join(kit, 'package.json'))).toBe(true);
    for (const gone of ['dist/ha-sim', 'dist/bench', 'dist/main.d.ts', 'dist/main.js.map', 'src', 'test', 'node_modules/@offpeak'])
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
