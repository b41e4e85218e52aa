import { DETAIL, INSIGHT_KINDS } from '../../contract/index.js';
import { json, operation, ref, type ApiModule } from './builders.js';
import { APPLIANCE_ID_PARAM } from './components.js';

const TAG = 'Insights';

/** Hints per HVAC (docs/insights.md). */
export const insightsApi: ApiModule = {
  tag: { name: TAG, description: "What an HVAC unit's readings say about the home and the unit." },
  schemas: {
    Hint: {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: [...INSIGHT_KINDS] },
        since: { type: 'string', format: 'date-time', description: 'When the condition started (UTC)' },
        numbers: { type: 'object', additionalProperties: { type: 'number' }, description: 'The figures behind the hint; each name ends with its unit' },
        confidence: { type: 'number', minimum: 0, maximum: 1 },
        advice: { type: 'string', description: 'One sentence for the homeowner' },
      },
      required: ['kind', 'since', 'numbers', 'confidence', 'advice'],
    },
    Insights: {
      type: 'object',
      properties: {
        appliance_id: { type: 'string', format: 'uuid' },
        generated_at: { type: 'string', format: 'date-time' },
        window_days: { type: 'integer', description: 'Days of readings looked at (30)' },
        hints: { type: 'array', items: ref('Hint'), description: 'At most one per kind; empty when nothing stands out' },
      },
      required: ['appliance_id', 'generated_at', 'window_days', 'hints'],
    },
  },
  paths: {
    '/api/v1/appliances/{appliance_id}/insights': {
      get: operation({
        id: 'getApplianceInsights',
        tag: TAG,
        summary: 'Hints about one HVAC unit and its home',
        description:
          "From the last 30 days of readings, duty and the thermal model's residuals: a window or door left open, short cycling, a unit that cannot keep up, falling efficiency over weeks, a drifting sensor. 404 when the appliance is missing, not owned, or not an HVAC.",
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        ok: { 200: json('The hints', ref('Insights')) },
        errors: { 404: [DETAIL.applianceNotFound] },
      }),
    },
  },
};
