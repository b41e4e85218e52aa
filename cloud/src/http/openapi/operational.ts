import { statusBody } from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';

const TAG = 'Operations';

/** Liveness, readiness and this document. */
export const operationalApi: ApiModule = {
  tag: { name: TAG, description: 'Probes for load balancers and orchestrators, and this API description.' },
  schemas: {
    ...componentSchemas([statusBody]),
  },
  paths: {
    '/healthz': {
      get: operation({
        id: 'getHealthz',
        tag: TAG,
        summary: 'Liveness: the process answers',
        auth: 'none',
        ok: { 200: json('Alive; `status` is `ok`', ref(statusBody)) },
      }),
    },
    '/readyz': {
      get: operation({
        id: 'getReadyz',
        tag: TAG,
        summary: 'Readiness: the process and its database answer, and the instance is not shutting down',
        auth: 'none',
        ok: { 200: json('Ready; `status` is `ready`', ref(statusBody)) },
        errors: { 503: ['Database unavailable', 'Shutting down'] },
      }),
    },
    '/api/v1/openapi.json': {
      get: operation({
        id: 'getOpenApiDocument',
        tag: TAG,
        summary: 'This OpenAPI 3.1 document',
        auth: 'none',
        ok: { 200: json('The OpenAPI document of the whole API', { type: 'object' }) },
      }),
    },
  },
};
