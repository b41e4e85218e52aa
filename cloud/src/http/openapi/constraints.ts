import { DETAIL } from '../../contract/index.js';
import { constraintFieldsByType, constraintProperties } from './appliance-configs.js';
import { json, operation, ref, type ApiModule } from './builders.js';
import { APPLIANCE_ID_PARAM } from './components.js';

const TAG = 'Constraints';

/** Non-HVAC constraints per appliance. */
export const constraintsApi: ApiModule = {
  tag: { name: TAG, description: 'Charge targets, deadlines and temperature limits of non-HVAC appliances.' },
  schemas: {
    Constraints: {
      type: 'object',
      description: `The constraint fields of the appliance type: ${constraintFieldsByType()}. A save replaces the whole set (fields not sent are cleared).`,
      properties: constraintProperties(),
    },
    ConstraintsResponse: {
      type: 'object',
      properties: {
        status: { type: 'string' },
        constraints: { ...ref('Constraints'), description: '`{}` when none are set' },
      },
      required: ['status', 'constraints'],
    },
  },
  paths: {
    '/api/v1/appliances/{appliance_id}/constraints': {
      post: operation({
        id: 'saveConstraints',
        tag: TAG,
        summary: "Replace an appliance's constraints",
        description: 'Saving schedules an immediate debounced re-optimization.',
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        body: ref('Constraints'),
        ok: { 200: json('Saved', ref('ConstraintsResponse')) },
        errors: { 404: [DETAIL.applianceNotFound] },
        notes: { 400: 'A constraint field fails validation (the detail names the field)' },
      }),
      get: operation({
        id: 'getConstraints',
        tag: TAG,
        summary: "An appliance's constraints",
        description: 'The only read path for EV, battery, water-heater and robot constraints.',
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        ok: { 200: json('The constraints', ref('ConstraintsResponse')) },
        errors: { 404: [DETAIL.applianceNotFound] },
      }),
    },
  },
};
