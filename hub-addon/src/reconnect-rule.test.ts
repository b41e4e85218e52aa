import { describe, expect, it } from 'vitest';
import { reconnectOutcome, type ReconnectFacts } from './reconnect-rule.js';

const SLOT = Date.parse('2026-07-01T16:30:00Z');
const MIN = 60_000;
/** A setpoint that differs from the add-on's write and the plan, by someone else, 5 minutes into the slot. */
const changed: ReconnectFacts = {
  showsOwnWrite: false,
  showsPlan: false,
  isOwnContext: false,
  hasUser: true,
  changedMs: SLOT + 5 * MIN,
  slotStartMs: SLOT,
  writtenInSlotMs: SLOT + MIN,
  reconnectedMs: SLOT + 12 * MIN,
};

describe('reconnectOutcome', () => {
  it.each<[string, Partial<ReconnectFacts>, string]>([
    ['still shows its own write of this slot', { showsOwnWrite: true }, 'as written'],
    ['a user changed it after the write of this slot', {}, 'person'],
    ['changed without a user after the write of this slot, early in the outage (the thermostat itself)', { hasUser: false }, 'person'],
    [
      'changed without a user in the last 5 minutes before the reconnect (Home Assistant starting resets it)',
      { hasUser: false, changedMs: SLOT + 7 * MIN },
      'apply',
    ],
    ['a user changed it just before the reconnect', { changedMs: SLOT + 11 * MIN }, 'person'],
    ['already shows the plan', { showsPlan: true }, 'apply'],
    ['the last write is one of its own calls', { isOwnContext: true }, 'apply'],
    ['changed before the slot began (the boundary passed during the outage)', { changedMs: SLOT - MIN, writtenInSlotMs: null }, 'apply'],
    ['changed before the write of this slot', { changedMs: SLOT + MIN / 2 }, 'apply'],
    ['no write in this slot; a user changed it inside the slot', { writtenInSlotMs: null }, 'person'],
    ['no write in this slot; changed inside it without a user (an integration, a restart)', { writtenInSlotMs: null, hasUser: false }, 'apply'],
    ['no time of change known', { changedMs: null }, 'apply'],
  ])('%s: %s', (_name, facts, outcome) => {
    expect(reconnectOutcome({ ...changed, ...facts })).toBe(outcome);
  });
});
