import { randomUUID } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, MissingReferenceError } from '../../src/errors.js';
import { createDatabase, type Database } from '../../src/store/database.js';
import { createStore, type Store, type Transaction } from '../../src/store/index.js';
import { startTcpProxy } from '../support/tcp-proxy.js';
import { createTestDatabase } from '../support/test-cloud.js';
import { uniqueEmail } from '../support/http.js';

// The store's contract with the services (docs/store.md): units of work, the readiness ping, and
// driver errors turned into the store's own, against a real PostgreSQL behind a proxy a test cuts.
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let db: Database;
let store: Store;

beforeAll(async () => {
  const url = new URL(await createTestDatabase());
  proxy = await startTcpProxy(Number(url.port));
  url.port = String(proxy.port);
  db = createDatabase({ url: url.toString(), poolMax: 2 });
  store = createStore(db);
});
afterAll(async () => {
  proxy.restore();
  await db.close();
  await proxy.close();
});

async function newUser(): Promise<string> {
  const user = await store.users.insert({ email: uniqueEmail(), passwordHash: 'x', confirmed: true, confirmationTokenHash: null, signupProfile: {} });
  return user!.id;
}

const solar = (userId: string, name: string, transaction: Transaction) =>
  store.appliances.insert({ userId, type: 'solar', name, config: { capacity_kw: 4 } }, { transaction });

describe('store.transaction', () => {
  it('commits what the work wrote when it resolves, and answers what it returned', async () => {
    const userId = await newUser();
    const id = await store.transaction(async (transaction) => (await solar(userId, 'Roof', transaction)).id);
    expect((await store.appliances.listByUser(userId)).map((a) => a.id)).toEqual([id]);
  });

  it("rolls back when the work throws, and rethrows the work's own error untouched (even one that reads like an outage)", async () => {
    const userId = await newUser();
    const own = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const outcome = store.transaction(async (transaction) => {
      await solar(userId, 'Roof', transaction);
      throw own;
    });
    await expect(outcome).rejects.toBe(own);
    expect(await store.appliances.listByUser(userId)).toEqual([]);
  });

  it('commits without waiting for the flush only when asked to', async () => {
    // The test server may run with it off already: the transaction's own SET shows as source "session".
    const setting = (transaction: Transaction) =>
      db.query<{ setting: string; source: string }>(`SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'`, {
        transaction,
        type: QueryTypes.SELECT,
      });
    expect(await store.transaction(setting, { isCommitAsync: true })).toEqual([{ setting: 'off', source: 'session' }]);
    expect((await store.transaction(setting))[0]!.source).not.toBe('session');
  });
});

describe("the store's errors", () => {
  it('turns a write naming a row that is gone into MissingReferenceError', async () => {
    await expect(store.constraints.replace(randomUUID(), { target_charge_pct: 80 })).rejects.toBeInstanceOf(MissingReferenceError);
  });

  it("leaves the error of a callback run under a lock as the caller's", async () => {
    const own = Object.assign(new Error('Connection terminated unexpectedly'), { code: '08006' });
    await expect(store.jobs.withRefitLock(() => Promise.reject(own))).rejects.toBe(own);
  });

  it('answers DatabaseUnavailableError from repositories and transactions during an outage, ping false, and recovers', async () => {
    const userId = await newUser();
    expect(await store.ping()).toBe(true);
    proxy.cut();
    try {
      await expect(store.users.findById(userId)).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(store.transaction((transaction) => solar(userId, 'Roof', transaction))).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(store.jobs.withRefitLock(async () => 'ran')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      expect(await store.ping()).toBe(false);
    } finally {
      proxy.restore();
    }
    let isBack = false;
    for (let i = 0; i < 20 && !isBack; i++) {
      isBack = await store.ping();
      if (!isBack) await new Promise((r) => setTimeout(r, 250));
    }
    expect(isBack).toBe(true);
    expect((await store.users.findById(userId))?.id).toBe(userId);
  });
});
