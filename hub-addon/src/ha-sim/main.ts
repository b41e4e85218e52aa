// CLI: npm run -w hub-addon ha-sim -- --fixture FILE|JSON --token TOKEN --port PORT [--host H] [--house]
// [--ingress URL: the add-on's panel server, served at the printed ingress URL]
// (--fixture falls back to HA_FIXTURE, --token to HA_TOKEN, as the fidelity suite reads them)
// Prints "ha-sim listening on <url>" once ready; SIGINT/SIGTERM stop it.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { startHaSim, type FixtureData } from './index.js';

function fail(message: string): never {
  process.stderr.write(`ha-sim: ${message}\n`);
  process.exit(2);
}

/** A path (relative to the directory npm was run from, as npm run -w changes into hub-addon/) or inline JSON. */
function fixtureSource(arg: string): FixtureData | string {
  if (arg.trim().startsWith('{')) {
    try {
      return JSON.parse(arg) as FixtureData;
    } catch (e) {
      fail(`--fixture: inline JSON does not parse: ${(e as Error).message}`);
    }
  }
  return resolve(process.env.INIT_CWD ?? process.cwd(), arg);
}

async function main(): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        fixture: { type: 'string' },
        house: { type: 'boolean', default: false },
        token: { type: 'string' },
        port: { type: 'string', default: '8123' },
        host: { type: 'string', default: '127.0.0.1' },
        'unit-system': { type: 'string' },
        'time-zone': { type: 'string' },
        ingress: { type: 'string' },
      },
    }));
  } catch (e) {
    fail((e as Error).message);
  }
  const token = values.token ?? process.env.HA_TOKEN;
  if (!token) fail('--token TOKEN (or HA_TOKEN) is required');
  const fixtureArg = values.fixture ?? (values.house ? undefined : process.env.HA_FIXTURE);
  if (!fixtureArg && !values.house) fail('give --fixture FILE (or HA_FIXTURE) or --house');
  if (fixtureArg && values.house) fail('give --fixture FILE or --house, not both');
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`--port must be 0-65535, got ${values.port}`);
  const unitSystem = values['unit-system'];
  if (unitSystem !== undefined && unitSystem !== 'metric' && unitSystem !== 'us_customary') fail('--unit-system is metric or us_customary');
  const ingress = values.ingress;
  if (ingress !== undefined && !/^https?:\/\//.test(ingress))
    fail(`--ingress must be an http URL (the add-on's panel, e.g. http://127.0.0.1:8099), got ${ingress}`);
  let ha;
  try {
    ha = await startHaSim({
      token,
      ...(ingress ? { ingressTarget: ingress } : {}),
      port,
      host: values.host,
      ...(fixtureArg
        ? { fixture: fixtureSource(fixtureArg) }
        : { house: { ...(unitSystem ? { unitSystem } : {}), ...(values['time-zone'] ? { timeZone: values['time-zone'] } : {}) } }),
    });
  } catch (e) {
    fail((e as Error).message);
  }
  process.stdout.write(`ha-sim listening on ${ha.url} (WebSocket ${ha.wsUrl}, Home Assistant ${ha.haVersion})\n`);
  if (ingress) process.stdout.write(`ha-sim: the add-on's panel (${ingress}) at ${ha.ingressUrl}\n`);
  const stop = (signal: string) => {
    process.stdout.write(`ha-sim: ${signal}, stopping\n`);
    void ha.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

void main();
