import { afterAll, describe, expect, it } from 'vitest';
import type { RunningCloud } from '../../src/server.js';
import { createDatabase } from '../../src/store/database.js';
import { migrate } from '../../src/store/migrate.js';
import { migrations } from '../../src/store/migrations/index.js';
import { createEmptyDatabase } from '../support/fleet.js';
import { apiClient, signUp } from '../support/http.js';
import { rows } from '../support/readings.js';
import { startTestCloud } from '../support/test-cloud.js';

const ALL = migrations.map((m) => m.name);
const started: RunningCloud[] = [];
afterAll(() => Promise.all(started.map((c) => c.stop())));

describe('migrations when several instances start together', () => {
  it('two migrate() calls at the same moment: one applies every migration, the other waits and finds none pending', async () => {
    const url = await createEmptyDatabase();
    // Pools of one: the lock's connection is outside the pool, so a single pooled connection suffices.
    const dbs = [createDatabase({ url, poolMax: 1 }), createDatabase({ url, poolMax: 1 })];
    try {
      const results = await Promise.all(dbs.map((db) => migrate(db)));
      expect(results.map((r) => r.length).sort()).toEqual([0, ALL.length]);
      expect(results.find((r) => r.length > 0)).toEqual(ALL);
      const [names] = await dbs[0]!.query('SELECT name FROM schema_migrations ORDER BY name');
      expect((names as { name: string }[]).map((n) => n.name)).toEqual([...ALL].sort());
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });

  it('two cloud instances started at the same moment on an empty database both come up and serve one schema', async () => {
    const databaseUrl = await createEmptyDatabase();
    const [a, b] = await Promise.all([startTestCloud({ databaseUrl }), startTestCloud({ databaseUrl })]);
    started.push(a!, b!);
    const [apiA, apiB] = [apiClient(a!.url), apiClient(b!.url)];
    expect((await apiA.get('/readyz')).status).toBe(200);
    expect((await apiB.get('/readyz')).status).toBe(200);
    const applied = await rows<{ name: string; times: number }>(a!, 'SELECT name, count(*)::int AS times FROM schema_migrations GROUP BY name ORDER BY name');
    expect(applied).toEqual([...ALL].sort().map((name) => ({ name, times: 1 })));
    // An account made through one instance signs in through the other.
    const user = await signUp(apiA);
    expect((await apiB.post('/auth/login', { email: user.email, password: user.password })).status).toBe(200);
  });
});
