import { applianceLinkHealth, linkHealthBlock, linkStatus } from '../../domain/link-health.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';

const TAG = 'Integration health';

/** Link health of the readings pipeline. */
export const healthApi: ApiModule = {
  tag: { name: TAG, description: 'Whether readings arrive and vary (link health).' },
  schemas: componentSchemas([linkStatus, applianceLinkHealth, linkHealthBlock]),
  paths: {
    '/api/v1/integration/health': {
      get: operation({
        id: 'getIntegrationHealth',
        tag: TAG,
        summary: "Link health of the caller's readings",
        description: 'May be polled faster (for example every 30 seconds) than the schedules.',
        auth: 'user',
        ok: { 200: json('The health block', ref(linkHealthBlock)) },
      }),
    },
  },
};
