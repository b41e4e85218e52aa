// The project's copy of the fidelity fixture must equal the one the independent suite reads.
// The only test that reads ../shared.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIXTURE_PATH } from './helpers.js';

describe('fixture copy', () => {
  it('equals ../shared/ha/fixture.json', () => {
    const shared = readFileSync(new URL('../../../../shared/ha/fixture.json', import.meta.url), 'utf8');
    expect(JSON.parse(readFileSync(FIXTURE_PATH, 'utf8'))).toEqual(JSON.parse(shared));
  });
});
