// The CLI (npm run -w hub-addon ha-sim), run from the build as npm runs it (the root pretest builds).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { getStates } from 'home-assistant-js-websocket';
import { connectHaws, fixture, FIXTURE_PATH } from './helpers.js';

const MAIN = fileURLToPath(new URL('../../dist/ha-sim/main.js', import.meta.url));
let child: ChildProcess | undefined;

afterEach(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  child = undefined;
});

function run(
  args: string[],
  env: Record<string, string> = {},
): { proc: ChildProcess; output: () => string; url: Promise<string>; exit: Promise<number | null> } {
  const proc = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HA_TOKEN: '', HA_FIXTURE: '', ...env } });
  child = proc;
  let out = '';
  const url = new Promise<string>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('exit', () => reject(new Error(`exited: ${out}`)));
  });
  url.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
  return { proc, output: () => out, url, exit };
}

describe('ha-sim CLI', () => {
  it('serves a fixture on a picked port, prints its URL and stops on SIGTERM', async () => {
    const { proc, url, exit, output } = run(['--fixture', FIXTURE_PATH, '--token', 'cli-token', '--port', '0']);
    const base = await url;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const conn = await connectHaws(base, 'cli-token');
    expect(conn.haVersion).toBe('2026.8.0');
    expect((await getStates(conn)).map((s) => s.entity_id)).toContain('climate.living_room');
    conn.close();
    proc.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(output()).toContain('SIGTERM, stopping');
  });

  it('runs the simulated house with --house and stops on SIGINT', async () => {
    const { proc, url, exit } = run(['--house', '--token', 'cli-token', '--port', '0']);
    const base = await url;
    const res = await fetch(`${base}/api/states/sensor.household_power`, { headers: { Authorization: 'Bearer cli-token' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { attributes: { unit_of_measurement: string } }).attributes.unit_of_measurement).toBe('W');
    proc.kill('SIGINT');
    expect(await exit).toBe(0);
  });

  it('takes the fixture as inline JSON from HA_FIXTURE and the token from HA_TOKEN', async () => {
    const inline = JSON.stringify({ ...fixture(), ha_version: '2025.4.0' });
    const { proc, url, exit } = run(['--port', '0'], { HA_FIXTURE: inline, HA_TOKEN: 'env-token' });
    const conn = await connectHaws(await url, 'env-token');
    expect(conn.haVersion).toBe('2025.4.0');
    conn.close();
    proc.kill('SIGTERM');
    expect(await exit).toBe(0);
  });

  it('refuses to start without a token, naming the option', async () => {
    const { exit, output } = run(['--fixture', FIXTURE_PATH, '--port', '0']);
    expect(await exit).toBe(2);
    expect(output()).toContain('--token');
  });
});
