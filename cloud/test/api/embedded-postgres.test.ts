import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../../src/store/embedded-postgres.js';

const dir = mkdtempSync(path.join(tmpdir(), 'offpeak-embedded-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the embedded PostgreSQL launcher', () => {
  it('hands initdb its password in a file only the server user can read (0600), removed afterwards', { timeout: 120_000 }, async () => {
    // Watch the folder while initdb runs (seconds) for the temporary password file.
    const seen: Stats[] = [];
    const watch = setInterval(() => {
      for (const name of readdirSync(dir)) {
        if (!name.startsWith('.pwfile-')) continue;
        try {
          seen.push(statSync(path.join(dir, name)));
        } catch {
          /* removed between listing and stat */
        }
      }
    }, 2);
    let server: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
    try {
      server = await startEmbeddedPostgres({ dir, postgresFlags: ['-c', 'fsync=off'] });
    } finally {
      clearInterval(watch);
    }
    await server.stop();

    expect(seen.length).toBeGreaterThan(0);
    const expectedUid = process.getuid?.() === 0 ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : process.getuid?.();
    for (const s of seen) {
      expect(s.mode & 0o777).toBe(0o600);
      expect(s.uid).toBe(expectedUid);
    }
    expect(readdirSync(dir).filter((n) => n.startsWith('.pwfile-') || n.endsWith('.tmp'))).toEqual([]);
    expect(statSync(path.join(dir, 'password')).mode & 0o777).toBe(0o600);
  });

  it('starts again on the port its clients know, with the data of before (a stopped database coming back)', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const query = async (server: Awaited<ReturnType<typeof startEmbeddedPostgres>>, sql: string) => {
      const client = new pg.Client({ connectionString: server.adminUrl });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } finally {
        await client.end();
      }
    };
    const first = await startEmbeddedPostgres({ dir, postgresFlags: ['-c', 'fsync=off'], port });
    expect(new URL(first.adminUrl).port).toBe(String(port));
    await query(first, `CREATE TABLE kept (v text); INSERT INTO kept VALUES ('before the stop')`);
    await first.stop();

    const again = await startEmbeddedPostgres({ dir, postgresFlags: ['-c', 'fsync=off'], port });
    try {
      expect(again.adminUrl).toBe(first.adminUrl);
      expect(await query(again, 'SELECT v FROM kept')).toEqual([{ v: 'before the stop' }]);
    } finally {
      await again.stop();
    }
  });
});
