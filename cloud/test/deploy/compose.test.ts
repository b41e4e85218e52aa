import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/config.js';
import { operationalApi } from '../../src/http/openapi/operational.js';
import { LONG_POLL_KEEP_ALIVE_MS } from '../../src/server.js';

// Docker is not on this machine, so `docker compose config` cannot check deploy/: this test reads
// the files as Compose and Caddy would and checks what the deployment relies on.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DEPLOY = path.join(ROOT, 'deploy');
const SECRETS = { JWT_SECRET: 'j'.repeat(48), POSTGRES_PASSWORD: 'pw-for-the-test' };

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  healthcheck?: { test: string[] };
  command?: string[];
  stop_grace_period?: string;
};

/** Compose's variable interpolation: ${VAR}, ${VAR:-default}, ${VAR:?error}, $$. */
function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g, (whole, name: string | undefined, op: string | undefined, arg: string | undefined) => {
    if (whole === '$$') return '$';
    const value = env[name!];
    if (op === '?' && !value) throw new Error(`required variable ${name} is missing a value: ${arg}`);
    if (op === '-' && !value) return arg ?? '';
    return value ?? '';
  });
}

function loadCompose(env: Record<string, string | undefined> = SECRETS): { services: Record<string, Service>; volumes: Record<string, unknown> } {
  return parse(interpolate(readFileSync(path.join(DEPLOY, 'compose.yaml'), 'utf8'), env), { merge: true });
}

/** Go/Compose durations as used here: 500ms, 2s, 1m30s. */
function durationMs(text: string): number {
  const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, n, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) total += Number(n) * units[unit!]!;
  return total;
}

/** The `reverse_proxy` block of the Caddyfile: its upstreams and its settings (first word -> rest). */
function caddyProxy() {
  const text = readFileSync(path.join(DEPLOY, 'Caddyfile'), 'utf8').replace(/#.*$/gm, '');
  const upstreams = /reverse_proxy\s+([^{\n]+)\{/.exec(text)![1]!.trim().split(/\s+/);
  const settings = new Map(
    text
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((w) => w.length >= 2 && w[0] !== 'reverse_proxy')
      .map((w) => [w[0]!, w.slice(1).join(' ')]),
  );
  return { upstreams, settings };
}

const compose = loadCompose();
const clouds = Object.entries(compose.services).filter(([, s]) => s.build?.dockerfile === 'cloud/Dockerfile');
const db = compose.services.db!;
const configOf = (s: Service) => loadConfig(s.environment);

describe('deploy/compose.yaml', () => {
  it('has PostgreSQL, two cloud instances built from cloud/Dockerfile at the repository root, and a proxy', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['cloud-1', 'cloud-2', 'db', 'proxy']);
    expect(clouds.map(([name]) => name)).toEqual(['cloud-1', 'cloud-2']);
    for (const [, s] of clouds) {
      expect(path.resolve(DEPLOY, s.build!.context)).toBe(path.resolve(ROOT));
      expect(existsSync(path.join(ROOT, s.build!.dockerfile))).toBe(true);
    }
    expect(db.image).toMatch(/^postgres:\d+$/);
    expect(compose.services.proxy!.image).toMatch(/^caddy:\d+$/);
  });

  it('refuses to start without a JWT_SECRET or a database password, rather than generate one per instance', () => {
    expect(() => loadCompose({ POSTGRES_PASSWORD: 'x' })).toThrow(/JWT_SECRET/);
    expect(() => loadCompose({ JWT_SECRET: 'j'.repeat(48) })).toThrow(/POSTGRES_PASSWORD/);
  });

  it('gives every instance a valid configuration: the same secret and database, one trusted proxy hop, jobs on', () => {
    const configs = clouds.map(([, s]) => configOf(s));
    for (const [i, config] of configs.entries()) {
      const url = new URL(config.databaseUrl!);
      expect([url.hostname, url.port, url.username, url.password, url.pathname]).toEqual([
        'db',
        '5432',
        db.environment!.POSTGRES_USER,
        SECRETS.POSTGRES_PASSWORD,
        `/${db.environment!.POSTGRES_DB}`,
      ]);
      expect(config.jwtSecret).toBe(SECRETS.JWT_SECRET);
      expect(config.jobsEnabled).toBe(true);
      expect(config.trustProxy).toBeTruthy();
      expect(clouds[i]![1].environment!.TRUST_PROXY).toBe('1');
    }
  });

  it('starts the instances once the database is healthy, and the proxy once the instances are', () => {
    expect(db.healthcheck!.test.join(' ')).toMatch(/pg_isready/);
    for (const [name, s] of clouds) {
      expect(s.depends_on).toEqual({ db: { condition: 'service_healthy' } });
      expect(compose.services.proxy!.depends_on![name]).toEqual({ condition: 'service_healthy' });
    }
  });

  it('publishes only the proxy; the instances and the database are reached inside the network', () => {
    expect(compose.services.proxy!.ports).toEqual(['8080:80']);
    for (const [, s] of [...clouds, ['db', db] as const]) expect(s.ports).toBeUndefined();
  });

  it('keeps the database on a named volume', () => {
    const [volume] = db.volumes![0]!.split(':');
    expect(Object.keys(compose.volumes)).toContain(volume);
  });

  it('fits the connection pools in max_connections, with room for one more instance during a rollout', () => {
    const maxConnections = Number(/max_connections=(\d+)/.exec(db.command!.join(' '))![1]);
    const superuserReserved = 3; // PostgreSQL's default
    // Per instance: the pool, the LISTEN connection of the long-poll waiters, the migration lock at start-up.
    const perInstance = clouds.map(([, s]) => configOf(s).dbPoolMax + 2);
    const surge = Math.max(...perInstance);
    expect(perInstance.reduce((a, b) => a + b, 0) + surge + superuserReserved).toBeLessThanOrEqual(maxConnections);
  });

  it('lets an instance stop gracefully: Docker waits for the drain delay and the in-flight grace period', () => {
    for (const [, s] of clouds) {
      const config = configOf(s);
      expect(durationMs(s.stop_grace_period!)).toBeGreaterThan(config.shutdownDrainDelayMs + config.shutdownGraceMs);
    }
  });
});

describe('deploy/Caddyfile', () => {
  const { upstreams, settings } = caddyProxy();

  it('balances round-robin over exactly the cloud instances, at the port each listens on', () => {
    expect(upstreams).toEqual(clouds.map(([name, s]) => `${name}:${configOf(s).port}`));
    expect(settings.get('lb_policy')).toBe('round_robin');
    expect(durationMs(settings.get('lb_try_duration')!)).toBeGreaterThan(0);
  });

  it('health-checks GET /readyz often enough that a draining instance is out of rotation before it closes', () => {
    expect(settings.get('health_uri')).toBe('/readyz');
    expect(operationalApi.paths['/readyz']?.get).toBeDefined();
    const noticedWithinMs = durationMs(settings.get('health_interval')!) + durationMs(settings.get('health_timeout')!);
    for (const [, s] of clouds) expect(configOf(s).shutdownDrainDelayMs).toBeGreaterThan(noticedWithinMs);
  });

  it('closes idle upstream connections before the cloud does', () => {
    expect(durationMs(settings.get('keepalive')!)).toBeLessThan(LONG_POLL_KEEP_ALIVE_MS);
  });

  it('is mounted into the proxy container where Caddy reads it', () => {
    expect(compose.services.proxy!.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
  });
});

describe('cloud/Dockerfile', () => {
  const text = readFileSync(path.join(ROOT, 'cloud/Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages = lines.reduce<string[][]>((acc, l) => (l.startsWith('FROM ') ? [...acc, [l]] : (acc.at(-1)?.push(l), acc)), []);
  const runtime = stages.at(-1)!;
  const ignored = readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));

  it('builds in one stage and runs from another, with production dependencies only, as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]!.some((l) => /^RUN npm ci\b/.test(l) && !l.includes('--omit=dev'))).toBe(true);
    expect(runtime.some((l) => /^RUN npm ci --omit=dev\b/.test(l))).toBe(true);
    expect(runtime.some((l) => /^COPY --from=build \S+\/cloud\/dist /.test(l))).toBe(true);
    const user = runtime.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
  });

  it('checks its health on /readyz and starts the compiled entry point', () => {
    expect(runtime.find((l) => l.startsWith('HEALTHCHECK'))).toMatch(/\/readyz/);
    expect(runtime.find((l) => l.startsWith('CMD'))).toBe('CMD ["node", "dist/main.js"]');
    expect(JSON.parse(readFileSync(path.join(ROOT, 'cloud/package.json'), 'utf8')).scripts.start).toBe('node dist/main.js');
  });

  it('copies only files that exist and that .dockerignore lets into the build context', () => {
    const sources = lines.filter((l) => l.startsWith('COPY ') && !l.startsWith('COPY --from')).flatMap((l) => l.split(/\s+/).slice(1, -1));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect(existsSync(path.join(ROOT, source)), source).toBe(true);
      const excluded = ignored.some(
        (pattern) => source === pattern || source.startsWith(`${pattern}/`) || source.split('/').includes(pattern.replace('**/', '')),
      );
      expect(excluded, `${source} is excluded by .dockerignore`).toBe(false);
    }
  });
});
