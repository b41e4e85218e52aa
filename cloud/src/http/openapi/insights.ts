import { DETAIL, insightHint, insightsResponse } from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';
import { APPLIANCE_ID_PARAM } from './components.js';

const TAG = 'Insights';

/** Hints per HVAC (docs/insights.md). */
export const insightsApi: ApiModule = {
  tag: { name: TAG, description: "What an HVAC unit's readings say about the home and the unit." },
  schemas: componentSchemas([insightHint, insightsResponse]),
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
        ok: { 200: json('The hints', ref(insightsResponse)) },
        errors: { 404: [DETAIL.applianceNotFound] },
      }),
    },
  },
};
