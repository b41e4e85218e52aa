import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../../src/http/list-routes.js';
import { OPENAPI_DOCUMENT } from '../../src/http/openapi/document.js';
import type { RunningCloud } from '../../src/server.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { startTestCloud } from '../support/test-cloud.js';

type Json = any;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let cloud: RunningCloud;
let api: ApiClient;
let doc: Json;

beforeAll(async () => {
  cloud = await startTestCloud();
  api = apiClient(cloud.url);
  doc = (await api.get('/api/v1/openapi.json')).body;
});
afterAll(() => cloud.stop());

/** `/a/{x}/b` and `/a/{appliance_id}/b` describe the same route: parameter names are the router's business. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

function operationsOf(document: Json): Array<{ method: string; path: string; op: Json; item: Json }> {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]: [string, Json]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method], item })),
  );
}

/** Every `$ref` of the document that does not resolve to a value inside it. */
function unresolvedRefs(document: Json): string[] {
  const bad: string[] = [];
  const resolve = (pointer: string) =>
    pointer
      .slice(2)
      .split('/')
      .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<Json>((node, token) => (node !== null && typeof node === 'object' ? node[token] : undefined), document);
  const visit = (node: Json, at: string) => {
    if (node === null || typeof node !== 'object') return;
    if (typeof node.$ref === 'string' && (!node.$ref.startsWith('#/') || resolve(node.$ref) === undefined)) bad.push(`${at}: ${node.$ref}`);
    for (const [key, child] of Object.entries(node)) visit(child, `${at}/${key}`);
  };
  visit(document, '#');
  return bad;
}

/** Structural problems: operations without responses, undeclared or stray path parameters, and more. */
function structuralProblems(document: Json): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  const schemes = Object.keys(document.components?.securitySchemes ?? {});
  const tags = new Set((document.tags ?? []).map((t: Json) => t.name));
  for (const { method, path, op, item } of operationsOf(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    const responses = Object.keys(op.responses ?? {});
    if (responses.length === 0) problems.push(`${where}: no responses`);
    for (const code of responses) if (!/^[1-5]([0-9]{2}|XX)$/.test(code) && code !== 'default') problems.push(`${where}: bad status ${code}`);
    if (!op.summary) problems.push(`${where}: no summary`);
    if (!Array.isArray(op.security)) problems.push(`${where}: security not stated`);
    for (const requirement of op.security ?? [])
      for (const name of Object.keys(requirement)) if (!schemes.includes(name)) problems.push(`${where}: unknown security scheme ${name}`);
    for (const tag of op.tags ?? []) if (!tags.has(tag)) problems.push(`${where}: undeclared tag ${tag}`);
    if (op.operationId) {
      if (ids.has(op.operationId)) problems.push(`${where}: duplicate operationId ${op.operationId}`);
      ids.add(op.operationId);
    }
    const declared = [...(item.parameters ?? []), ...(op.parameters ?? [])].filter((p: Json) => p.in === 'path');
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    for (const name of templated) {
      const param = declared.find((p: Json) => p.name === name);
      if (!param) problems.push(`${where}: path parameter {${name}} not declared`);
      else if (param.required !== true) problems.push(`${where}: path parameter {${name}} not required`);
    }
    for (const p of declared) if (!templated.includes(p.name)) problems.push(`${where}: path parameter ${p.name} not in the template`);
  }
  const visit = (node: Json, at: string) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node.required) && node.properties && typeof node.properties === 'object') {
      for (const name of node.required) if (!(name in node.properties)) problems.push(`${at}: required ${name} is not a property`);
    }
    for (const [key, child] of Object.entries(node)) visit(child, `${at}/${key}`);
  };
  visit(document.components?.schemas, '#/components/schemas');
  return problems;
}

describe('GET /api/v1/openapi.json', () => {
  it('serves the OpenAPI 3.1 document without a token', async () => {
    const res = await api.get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ openapi: '3.1.0', info: { version: '1.0.0' }, servers: [{ url: '/' }] });
    expect(res.body).toEqual(JSON.parse(JSON.stringify(OPENAPI_DOCUMENT)));
  });

  it('says what the API is, not how it came about: no issue, work-period or outside section numbers', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/[Ii]ssue [0-9]|[Ss]ession [0-9]|[Ss]ection [0-9]|interface [0-9]/);
    expect(text).not.toMatch(/\((?:[1-9]\.[0-9]{1,2})(?:, ?[1-9]\.[0-9]{1,2})*\)/);
  });

  it('documents every route the app registers (HEAD and OPTIONS aside)', () => {
    const routes = listRoutes(cloud.app).filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'GET', path: '/api/v1/openapi.json' },
        { method: 'POST', path: '/auth/login' },
      ]),
    );
    const documented = new Map<string, Set<string>>();
    for (const { method, path } of operationsOf(doc)) {
      const methods = documented.get(shape(path)) ?? documented.set(shape(path), new Set()).get(shape(path))!;
      methods.add(method.toUpperCase());
    }
    const missing = routes
      .filter(({ method, path }) => {
        const methods = documented.get(shape(path));
        return !methods || (method !== 'ALL' && !methods.has(method));
      })
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing, `registered routes missing from the OpenAPI document:\n  ${missing.join('\n  ')}`).toEqual([]);
  });

  it('describes every endpoint of the interface, plus the operational ones', () => {
    const listed = operationsOf(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(listed.sort()).toEqual(SPEC_ENDPOINTS.sort());
  });

  it('is structurally valid: every $ref resolves, every operation answers, every path parameter is declared', () => {
    expect(unresolvedRefs(doc)).toEqual([]);
    expect(structuralProblems(doc)).toEqual([]);
  });

  it('has checks that catch a broken document', () => {
    const broken = {
      tags: [{ name: 'T' }],
      components: { securitySchemes: { userAuth: {} }, schemas: { A: { type: 'object', properties: {}, required: ['x'] } } },
      paths: {
        '/a/{id}': { get: { summary: 's', tags: ['T'], security: [{ nope: [] }], responses: {} } },
        '/b': {
          post: {
            tags: ['U'],
            security: [],
            parameters: [{ name: 'id', in: 'path', required: true }],
            responses: { 200: { $ref: '#/components/responses/Missing' } },
          },
        },
      },
    };
    expect(unresolvedRefs(broken)).toEqual(['#/paths//b/post/responses/200: #/components/responses/Missing']);
    expect(structuralProblems(broken)).toEqual([
      'GET /a/{id}: no responses',
      'GET /a/{id}: unknown security scheme nope',
      'GET /a/{id}: path parameter {id} not declared',
      'POST /b: no summary',
      'POST /b: undeclared tag U',
      'POST /b: path parameter id not in the template',
      '#/components/schemas/A: required x is not a property',
    ]);
  });
});

// Every endpoint of the contract (docs/api.md) and the operational endpoints.
const SPEC_ENDPOINTS = [
  'POST /auth/signup',
  'POST /auth/login',
  'POST /auth/refresh',
  'GET /auth/confirm',
  'POST /auth/recover',
  'POST /auth/reset',
  'GET /auth/me',
  'PATCH /auth/me',
  'POST /api/v1/appliances',
  'GET /api/v1/appliances',
  'PUT /api/v1/appliances/{appliance_id}',
  'DELETE /api/v1/appliances/{appliance_id}',
  'POST /api/v1/appliances/{appliance_id}/readings',
  'POST /api/v1/appliances/{appliance_id}/constraints',
  'GET /api/v1/appliances/{appliance_id}/constraints',
  'GET /api/v1/appliances/{appliance_id}/preferences',
  'PUT /api/v1/appliances/{appliance_id}/preferences',
  'GET /api/v1/schedule',
  'GET /api/v1/appliances/{appliance_id}/schedule',
  'GET /api/v1/schedules',
  'POST /api/v1/schedule/recompute',
  'GET /api/v1/schedules/history',
  'GET /api/v1/schedules/updated-at',
  'GET /api/v1/integration/health',
  'GET /api/v1/preferences',
  'PUT /api/v1/preferences',
  'GET /api/v1/rates',
  'PUT /api/v1/rates',
  // The household's own load.
  'GET /api/v1/household-load',
  'PUT /api/v1/household-load',
  'POST /api/v1/household-load/readings',
  // The hub's entities, offered in the appliance forms.
  'GET /api/v1/hub-entities',
  'PUT /api/v1/hub-entities',
  'POST /api/v1/readings',
  'POST /api/v1/weather',
  'GET /api/v1/me/metrics/summary',
  'GET /api/v1/me/metrics/daily',
  'GET /api/v1/me/metrics/day/{date}',
  // The day's ledger: actual, baseline and hindsight costs and the forecast errors.
  'GET /api/v1/me/metrics/ledger/{date}',
  'GET /api/v1/me/rankings',
  'POST /api/v1/devices/enroll-token',
  'POST /api/v1/devices/claim',
  'GET /api/v1/devices/config',
  'GET /api/v1/devices/commands',
  'POST /api/v1/devices/state',
  'GET /api/v1/devices',
  'DELETE /api/v1/devices/{device_id}',
  'POST /api/v1/appliances/{appliance_id}/command',
  'GET /healthz',
  'GET /readyz',
  'GET /api/v1/openapi.json',
  'GET /api/v1/appliances/{appliance_id}/insights',
];
