import { constraints, constraintsResponse, DETAIL } from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';
import { APPLIANCE_ID_PARAM } from './components.js';

const TAG = 'Constraints';

/** Non-HVAC constraints per appliance. */
export const constraintsApi: ApiModule = {
  tag: { name: TAG, description: 'Charge targets, deadlines and temperature limits of non-HVAC appliances.' },
  schemas: componentSchemas([constraints, constraintsResponse]),
  paths: {
    '/api/v1/appliances/{appliance_id}/constraints': {
      post: operation({
        id: 'saveConstraints',
        tag: TAG,
        summary: "Replace an appliance's constraints",
        description: 'Saving schedules an immediate debounced re-optimization.',
        auth: 'user',
        params: [APPLIANCE_ID_PARAM],
        body: ref(constraints),
        ok: { 200: json('Saved', ref(constraintsResponse)) },
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
        ok: { 200: json('The constraints', ref(constraintsResponse)) },
        errors: { 404: [DETAIL.applianceNotFound] },
      }),
    },
  },
};
