import { describe, expect, it } from 'vitest';
import { readingsRequestIssues } from './request-issues.js';

const reading = { timestamp: '2024-07-01T12:00:00Z', indoor_temp: 72, hvac_state: 'COOL' };

describe('readingsRequestIssues', () => {
  it('finds nothing in a valid body, with or without client', () => {
    expect(readingsRequestIssues({ readings: [reading] })).toEqual([]);
    expect(readingsRequestIssues({ readings: [reading], client: null })).toEqual([]);
    expect(readingsRequestIssues({ readings: [{ ...reading, indoor_source: 'sensor' }], client: { kind: 'hacs', version: '1.2.0' } })).toEqual([]);
    expect(
      readingsRequestIssues({
        readings: [{ ...reading, indoor_source: null }],
        client: { kind: 'node', version: 'x', node_bundle: null, ha_version: '2024.7.1' },
      }),
    ).toEqual([]);
  });

  it('leaves malformed bodies to the 400 checks', () => {
    expect(readingsRequestIssues(undefined)).toEqual([]);
    expect(readingsRequestIssues([1, 2])).toEqual([]);
    expect(readingsRequestIssues({ readings: 'no' })).toEqual([]);
    expect(readingsRequestIssues({ readings: [null, 3] })).toEqual([]);
  });

  it('reports every bad indoor_source with its position', () => {
    const body = { readings: [{ ...reading, indoor_source: 'Sensor' }, reading, { ...reading, indoor_source: 7 }] };
    expect(readingsRequestIssues(body)).toEqual([
      { loc: ['body', 'readings', 0, 'indoor_source'], msg: "Input should be 'sensor' or 'entity'", type: 'literal_error' },
      { loc: ['body', 'readings', 2, 'indoor_source'], msg: "Input should be 'sensor' or 'entity'", type: 'literal_error' },
    ]);
  });

  it.each([
    ['a string', 'hacs', [{ loc: ['body', 'client'], msg: 'Input should be a valid dictionary', type: 'dict_type' }]],
    ['an array', [], [{ loc: ['body', 'client'], msg: 'Input should be a valid dictionary', type: 'dict_type' }]],
    [
      'empty',
      {},
      [
        { loc: ['body', 'client', 'kind'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'client', 'version'], msg: 'Field required', type: 'missing' },
      ],
    ],
    ['an unknown kind', { kind: 'HACS', version: '1' }, [{ loc: ['body', 'client', 'kind'], msg: "Input should be 'hacs' or 'node'", type: 'literal_error' }]],
    [
      'an empty version',
      { kind: 'hacs', version: '' },
      [{ loc: ['body', 'client', 'version'], msg: 'String should have at least 1 character', type: 'string_too_short' }],
    ],
    [
      'a 41-character version',
      { kind: 'hacs', version: 'v'.repeat(41) },
      [{ loc: ['body', 'client', 'version'], msg: 'String should have at most 40 characters', type: 'string_too_long' }],
    ],
    ['a numeric version', { kind: 'node', version: 2 }, [{ loc: ['body', 'client', 'version'], msg: 'Input should be a valid string', type: 'string_type' }]],
    ['a null version', { kind: 'node', version: null }, [{ loc: ['body', 'client', 'version'], msg: 'Input should be a valid string', type: 'string_type' }]],
    [
      'a long node_bundle',
      { kind: 'node', version: '1', node_bundle: 'b'.repeat(201) },
      [{ loc: ['body', 'client', 'node_bundle'], msg: 'String should have at most 200 characters', type: 'string_too_long' }],
    ],
    [
      'a numeric ha_version',
      { kind: 'hacs', version: '1', ha_version: 2024 },
      [{ loc: ['body', 'client', 'ha_version'], msg: 'Input should be a valid string', type: 'string_type' }],
    ],
  ])('reports a client that is %s', (_label, client, expected) => {
    expect(readingsRequestIssues({ readings: [reading], client })).toEqual(expected);
  });

  it('accepts a 40-character version', () => {
    expect(readingsRequestIssues({ readings: [reading], client: { kind: 'hacs', version: 'v'.repeat(40) } })).toEqual([]);
  });

  it('reports client and indoor_source issues together', () => {
    expect(readingsRequestIssues({ readings: [{ ...reading, indoor_source: 'x' }], client: { kind: 'x', version: '1' } }).map((i) => i.loc)).toEqual([
      ['body', 'client', 'kind'],
      ['body', 'readings', 0, 'indoor_source'],
    ]);
  });
});
