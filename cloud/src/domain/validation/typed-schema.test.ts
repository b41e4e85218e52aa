import { describe, expect, expectTypeOf, it } from 'vitest';
import * as t from './typed-schema.js';

describe('typed schemas', () => {
  const point = t.component('Point', t.object({ x: t.number('metres'), y: t.number() }, 'A point.'));
  const shape = t.object({
    id: t.uuid(),
    kind: t.oneOf(['circle', 'square']),
    unit: t.constant('m'),
    centre: t.ref(point),
    radius: t.nullable(t.number({ minimum: 0, description: 'null for a square' })),
    corners: t.optional(t.fixedArray(4, t.ref(point))),
  });

  it('states every field not marked optional as required, with its type, enum, bounds and description', () => {
    expect(shape.schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        kind: { type: 'string', enum: ['circle', 'square'] },
        unit: { type: 'string', const: 'm' },
        centre: { $ref: '#/components/schemas/Point' },
        radius: { type: ['number', 'null'], minimum: 0, description: 'null for a square' },
        corners: { type: 'array', items: { $ref: '#/components/schemas/Point' }, minItems: 4, maxItems: 4 },
      },
      required: ['id', 'kind', 'unit', 'centre', 'radius'],
    });
  });

  it('gives the TypeScript type of the same fields', () => {
    expectTypeOf<t.Infer<typeof shape>>().toEqualTypeOf<{
      id: string;
      kind: 'circle' | 'square';
      unit: 'm';
      centre: { x: number; y: number };
      radius: number | null;
      corners?: { x: number; y: number }[];
    }>();
  });

  it('lists components by name, and a null branch of a reference as anyOf', () => {
    expect(t.componentSchemas([point])).toEqual({
      Point: {
        type: 'object',
        description: 'A point.',
        properties: { x: { type: 'number', description: 'metres' }, y: { type: 'number' } },
        required: ['x', 'y'],
      },
    });
    expect(t.nullable(t.ref(point)).schema).toEqual({ anyOf: [{ $ref: '#/components/schemas/Point' }, { type: 'null' }] });
  });

  it('combines shapes: anyOf is the union of their types, allOf the intersection', () => {
    const either = t.anyOf([t.ref(point), t.emptyObject()]);
    const both = t.allOf(t.ref(point), t.object({ label: t.string() }));
    expectTypeOf<t.Infer<typeof either>>().toEqualTypeOf<{ x: number; y: number } | Record<string, never>>();
    expectTypeOf<t.Infer<typeof both>>().toEqualTypeOf<{ x: number; y: number } & { label: string }>();
    expect(either.schema).toEqual({ anyOf: [{ $ref: '#/components/schemas/Point' }, { type: 'object', maxProperties: 0 }] });
    expect(both.schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/Point' }, { type: 'object', properties: { label: { type: 'string' } }, required: ['label'] }],
    });
  });
});
