import * as yup from 'yup';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { fieldsOf, fromYup } from './from-yup.js';
import * as t from './typed-schema.js';

describe('fromYup', () => {
  it('states types, integer, required and nullable fields', () => {
    const schema = yup.object({
      name: yup.string().required(),
      count: yup.number().integer().optional(),
      ratio: yup.number().nullable().optional(),
      on: yup.boolean().required(),
    });
    expect(fromYup(schema)).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        count: { type: 'integer' },
        ratio: { type: ['number', 'null'] },
        on: { type: 'boolean' },
      },
      required: ['name', 'on'],
    });
  });

  it('states bounds of numbers, strings and arrays, inclusive or exclusive', () => {
    const schema = yup.object({
      n: yup.number().min(1).max(200),
      x: yup.number().moreThan(0).lessThan(10),
      s: yup.string().min(3).max(128),
      code: yup.string().length(5),
      list: yup.array().of(yup.string()).min(1).max(1000),
      range: yup.number().test({ name: 'range', params: { min: 1, max: 200 }, test: () => true }),
    });
    expect(fromYup(schema).properties).toEqual({
      n: { type: 'number', minimum: 1, maximum: 200 },
      x: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 },
      s: { type: 'string', minLength: 3, maxLength: 128 },
      code: { type: 'string', minLength: 5, maxLength: 5 },
      list: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string' } },
      range: { type: 'number', minimum: 1, maximum: 200 },
    });
  });

  it('states enums from oneOf and from a test that names its values, without the null of a nullable field', () => {
    const schema = yup.object({
      mode: yup.string().oneOf(['COOL', 'HEAT']).nullable(),
      kind: yup.mixed().test({ name: 'type', params: { values: ['ev', 'hvac'] }, test: () => true }),
    });
    expect(fromYup(schema).properties).toEqual({
      mode: { anyOf: [{ type: 'string', enum: ['COOL', 'HEAT'] }, { type: 'null' }] },
      kind: { enum: ['ev', 'hvac'] },
    });
  });

  it('states formats and patterns of the string tests', () => {
    const schema = yup.object({ email: yup.string().email(), id: yup.string().matches(/^[a-f0-9]+$/), any: yup.string().matches(/^[a-f]+$/i) });
    expect(fromYup(schema).properties).toEqual({
      email: { type: 'string', format: 'email' },
      id: { type: 'string', pattern: '^[a-f0-9]+$' },
      any: { type: 'string' },
    });
  });

  it("adds a field's meta facts, and a field required by the service after yup is listed as required", () => {
    const schema = yup.object({ password: yup.mixed().meta({ openapi: { required: true, type: 'string', minLength: 6 } }) });
    expect(fromYup(schema)).toEqual({ type: 'object', properties: { password: { type: 'string', minLength: 6 } }, required: ['password'] });
    const window = yup
      .mixed()
      .test({ name: 'max', params: { max: 90 }, test: () => true })
      .meta({ openapi: { type: 'integer' } });
    expect(fromYup(yup.object({ window })).properties).toEqual({ window: { type: 'integer', maximum: 90 } });
  });

  it('nests objects and arrays, with the notes’ prose and references at each level', () => {
    const item = yup.object({ at: yup.string().required() });
    const schema = yup.object({ items: yup.array().of(item).required(), label: yup.string().nullable(), mode: yup.string().oneOf(['a']).nullable() });
    const notes = {
      description: 'A batch',
      fields: { items: { items: { ref: 'Item' } }, label: { description: 'Shown to users' }, mode: { description: 'How' } },
    };
    expect(fromYup(schema, notes)).toEqual({
      type: 'object',
      description: 'A batch',
      properties: {
        items: { type: 'array', items: { $ref: '#/components/schemas/Item' } },
        label: { type: ['string', 'null'], description: 'Shown to users' },
        mode: { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }], description: 'How' },
      },
      required: ['items'],
    });
    expect(fromYup(item, { fields: { at: 'When' } }).properties).toEqual({ at: { type: 'string', description: 'When' } });
  });

  it("states a leaf's default, and none on an object", () => {
    expect(fromYup(yup.object({ window: yup.number().default(30) }))).toEqual({ type: 'object', properties: { window: { type: 'number', default: 30 } } });
  });

  it('refuses a note on a field the schema does not have', () => {
    expect(() => fromYup(yup.object({ a: yup.string() }), { fields: { b: { description: 'gone' } } })).toThrow(/body\.b/);
  });

  it('reads conditions with the context it is given', () => {
    const schema = yup.object({
      entity_id: yup.string().when('$previous', { is: (p: unknown) => p === undefined, then: (s) => s.required(), otherwise: (s) => s.optional() }),
    });
    expect(fromYup(schema).required).toEqual(['entity_id']);
    expect(fromYup(schema, {}, { previous: {} }).required).toBeUndefined();
  });

  it("lends a response the fields of a request's object, each required and typed as the value once present", () => {
    const item = yup.object({ id: yup.string().max(8).required(), label: yup.string().max(20).nullable().optional() });
    const listed = t.object({ ...fieldsOf(item, { fields: { label: 'Shown to users' } }), rank: t.integer() });
    expect(listed.schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'string', maxLength: 8 },
        label: { type: ['string', 'null'], maxLength: 20, description: 'Shown to users' },
        rank: { type: 'integer' },
      },
      required: ['id', 'label', 'rank'],
    });
    expectTypeOf<t.Infer<typeof listed>>().toEqualTypeOf<{ id: string; label: string | null; rank: number }>();
  });
});
