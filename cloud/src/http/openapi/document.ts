import { appliancesApi } from './appliances.js';
import { authApi } from './auth.js';
import type { ApiModule, Method, Paths, Schema } from './builders.js';
import { SECURITY_SCHEMES, SHARED_SCHEMAS } from './components.js';
import { constraintsApi } from './constraints.js';
import { devicesApi } from './devices.js';
import { healthApi } from './health.js';
import { householdLoadApi } from './household-load.js';
import { hubEntitiesApi } from './hub-entities.js';
import { insightsApi } from './insights.js';
import { metricsApi } from './metrics.js';
import { operationalApi } from './operational.js';
import { preferencesApi } from './preferences.js';
import { ratesApi } from './rates.js';
import { readingsApi } from './readings.js';
import { schedulesApi } from './schedules.js';
import { weatherApi } from './weather.js';

const MODULES: ApiModule[] = [
  authApi,
  appliancesApi,
  constraintsApi,
  preferencesApi,
  insightsApi,
  schedulesApi,
  healthApi,
  ratesApi,
  householdLoadApi,
  hubEntitiesApi,
  readingsApi,
  weatherApi,
  metricsApi,
  devicesApi,
  operationalApi,
];

/** Merges the modules' paths, refusing an operation or a schema defined twice (a silent overwrite would hide one). */
function merge(modules: ApiModule[]): { paths: Paths; schemas: Record<string, Schema> } {
  const paths: Paths = {};
  const schemas: Record<string, Schema> = { ...SHARED_SCHEMAS };
  for (const m of modules) {
    for (const [path, item] of Object.entries(m.paths)) {
      const target = (paths[path] ??= {});
      for (const method of Object.keys(item) as Method[]) {
        if (target[method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is defined twice`);
        target[method] = item[method];
      }
    }
    for (const [name, schema] of Object.entries(m.schemas)) {
      if (schemas[name]) throw new Error(`OpenAPI: schema ${name} is defined twice`);
      schemas[name] = schema;
    }
  }
  return { paths, schemas };
}

const { paths, schemas } = merge(MODULES);

/** The OpenAPI 3.1 description of the whole API, served at /api/v1/openapi.json. */
export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: {
    title: 'Offpeak home energy optimization API',
    version: '1.0.0',
    description:
      'Daily plans of 48 half-hour slots that shift household machines to cheaper times. All bodies are JSON; every error body is `{ detail }` (a 422 may carry a structured detail). Rates are in cents per kWh, temperatures in F. Account endpoints live under /auth, all others under /api/v1. Clients ignore response fields they do not know.',
  },
  servers: [{ url: '/' }],
  tags: MODULES.map((m) => m.tag),
  paths,
  components: { securitySchemes: SECURITY_SCHEMES, schemas },
} as const;
