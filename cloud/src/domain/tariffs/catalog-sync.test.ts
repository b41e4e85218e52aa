// The bundled catalog copies must stay byte-identical to the shared source of truth. This is the
// only code allowed to read ../shared (a test, never run time).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const shared = new URL('../../../../../shared/data/', import.meta.url);
const local = new URL('./data/', import.meta.url);

describe('catalog copies', () => {
  it.each(['tou-plans.json', 'dynamic-zones.json'])('%s is identical to shared/data', (name) => {
    const expected = readFileSync(new URL(name, shared));
    const actual = readFileSync(new URL(name, local));
    expect(actual.length).toBeGreaterThan(0);
    expect(actual.equals(expected)).toBe(true);
  });
});
