import { describe, expect, it } from 'vitest';
import { createCommandWaiters } from './command-waiters.js';

// The in-memory side of the waiters; waking through LISTEN/NOTIFY is covered by the API tests
// (test/api/long-poll*.test.ts) against a real PostgreSQL.
const waiters = () => createCommandWaiters({ databaseUrl: 'postgres://unused@127.0.0.1:9/none' });

describe('command waiters', () => {
  it('times out with "timeout" and counts the parked poll until cancelled', async () => {
    const w = waiters();
    const waiter = w.register('SAT-1');
    expect(w.parkedCount()).toBe(1);
    expect(await waiter.wait(20)).toBe('timeout');
    waiter.cancel();
    waiter.cancel();
    expect(w.parkedCount()).toBe(0);
  });

  it('stops waiting with "aborted" when the signal aborts, also when it already had', async () => {
    const w = waiters();
    const gone = new AbortController();
    const waiting = w.register('SAT-1').wait(10_000, gone.signal);
    gone.abort();
    expect(await waiting).toBe('aborted');
    expect(await w.register('SAT-2').wait(10_000, gone.signal)).toBe('aborted');
  });

  it('wakes the polls of one device on wakeLocal, also one registered but not yet waiting', async () => {
    const w = waiters();
    const parked = w.register('SAT-1').wait(10_000);
    const registered = w.register('SAT-1');
    const other = w.register('SAT-2');
    w.wakeLocal('SAT-1');
    expect(await parked).toBe('notified');
    expect(await registered.wait(10_000)).toBe('notified');
    expect(await other.wait(20)).toBe('timeout');
  });

  it('releases every parked poll with "closing" on stop, and answers later ones at once', async () => {
    const w = waiters();
    const parked = [w.register('SAT-1').wait(10_000), w.register('SAT-1').wait(10_000), w.register('SAT-2').wait(10_000)];
    await w.stop();
    expect(await Promise.all(parked)).toEqual(['closing', 'closing', 'closing']);
    expect(await w.register('SAT-3').wait(10_000)).toBe('closing');
    expect(w.isListening()).toBe(false);
  });
});
