// The entry point (`npm start`, the image's CMD): bad or missing configuration stops it with a
// message naming the option, and no secret in it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

const run = (env: Record<string, string>) => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(HA_|OFFPEAK_|SUPERVISOR_TOKEN|HASSIO_TOKEN|LOG_LEVEL)/.test(k)));
  return spawnSync(process.execPath, [MAIN], { env: { ...clean, ...env }, encoding: 'utf8', timeout: 20_000 });
};

describe('main', () => {
  it('exits 2 naming each missing option', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'addon-main-'));
    const options = path.join(dir, 'options.json');
    writeFileSync(options, JSON.stringify({ email: 'me@example.com', password: 'hunter2-secret', cloud_url: 'not a url' }));
    const res = run({ SUPERVISOR_TOKEN: 'sup-secret-token', OFFPEAK_OPTIONS: options });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('cloud_url: not a url must be an http or https URL');
    expect(res.stderr).not.toContain('hunter2-secret');
    expect(res.stderr).not.toContain('sup-secret-token');
    expect(JSON.parse(res.stderr.split('\n')[0]!)).toMatchObject({
      level: 'error',
      msg: 'invalid configuration',
      problems: ['cloud_url: not a url must be an http or https URL'],
    });
  });

  it('standalone without HA_URL says so', () => {
    const res = run({ OFFPEAK_URL: 'http://127.0.0.1:9', OFFPEAK_REFRESH_TOKEN: 'rt_abcdefghijkl' });
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('HA_URL: is required when not running under the Supervisor (no SUPERVISOR_TOKEN)');
  });
});
