import { json, operation, orNull, ref, type ApiModule, type Schema } from './builders.js';
import { DATE_TIME, UUID } from './components.js';

const TAG = 'Integration health';

// The fields of a verdict, overall and per HVAC unit.
const VERDICT: Record<string, Schema> = {
  status: ref('HealthStatus'),
  last_reading_at: orNull({ ...DATE_TIME, description: 'Latest reading in the window' }),
  last_reading_age_seconds: orNull({ type: 'integer' }),
  sample_count: { type: 'integer', minimum: 0, description: 'Readings in the window' },
  message: { type: 'string', description: 'Human-readable, safe to render verbatim' },
  lookback_hours: { type: 'integer', description: 'Window inspected; currently 6' },
};

/** Link health of the readings pipeline. */
export const healthApi: ApiModule = {
  tag: { name: TAG, description: 'Whether readings arrive and vary (link health).' },
  schemas: {
    HealthStatus: {
      type: 'string',
      enum: ['healthy', 'stale_data', 'frozen_sensor', 'no_data'],
      description:
        'healthy: recent readings, indoor temperature varying; stale_data: last reading more than 30 minutes old; frozen_sensor: readings on cadence but indoor temperature flat; no_data: zero readings in the lookback window',
    },
    ApplianceHealth: {
      type: 'object',
      description: 'The verdict of one HVAC unit.',
      properties: { appliance_id: UUID, name: { type: 'string' }, ...VERDICT },
      required: ['appliance_id', 'name', ...Object.keys(VERDICT)],
    },
    HealthBlock: {
      type: 'object',
      description: 'Overall link health: the worst per-HVAC status (no_data, stale_data, frozen_sensor, healthy); `no_data` with no HVAC.',
      properties: {
        ...VERDICT,
        appliances: {
          type: 'array',
          items: ref('ApplianceHealth'),
          description: 'Per-HVAC breakdown; non-HVAC units omitted; empty when no HVAC is registered',
        },
      },
      required: [...Object.keys(VERDICT), 'appliances'],
    },
  },
  paths: {
    '/api/v1/integration/health': {
      get: operation({
        id: 'getIntegrationHealth',
        tag: TAG,
        summary: "Link health of the caller's readings",
        description: 'May be polled faster (for example every 30 seconds) than the schedules.',
        auth: 'user',
        ok: { 200: json('The health block', ref('HealthBlock')) },
      }),
    },
  },
};
