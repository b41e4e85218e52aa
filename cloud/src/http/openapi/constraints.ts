import { DETAIL } from '../../contract/index.js';
import { json, operation, ref, type ApiModule, type Schema } from './builders.js';
import { APPLIANCE_ID_PARAM, HH_MM } from './components.js';

const TAG = 'Constraints';
const pct = (description: string): Schema => ({ type: 'number', minimum: 0, maximum: 100, description });
const hhmm = (description: string): Schema => ({ ...HH_MM, description: `HH:MM local; ${description}` });

/** Non-HVAC constraints per appliance (2.7, 4.7). */
export const constraintsApi: ApiModule = {
  tag: { name: TAG, description: 'Charge targets, deadlines and temperature limits of non-HVAC appliances.' },
  schemas: {
    Constraints: {
      type: 'object',
      description:
        'The constraint fields of the appliance type: ev_charger: target_charge_pct, min_charge_pct, deadline_time, current_charge_pct; home_battery: target_charge_pct, min_charge_pct, deadline_time, max_charge_pct; water_heater: max_temp_f, min_temp_f; robot: target_charge_pct, min_charge_pct, current_charge_pct, tasks_window_start, tasks_window_end. A save replaces the whole set (fields not sent are cleared).',
      properties: {
        target_charge_pct: pct('ev_charger, home_battery, robot: charge to reach by the deadline (robot: before the tasks window). home_battery: a floor at the deadline, never a ceiling; without one the battery ends the day no lower than it started'),
        max_charge_pct: pct('home_battery (issue 20): the highest charge the plan takes it to; default 100; target_charge_pct and min_charge_pct must be at most it'),
        min_charge_pct: pct('ev_charger, home_battery, robot: never go below'),
        deadline_time: hhmm('ev_charger, home_battery: the target must be met by then; a deadline earlier than now means the same time on the next day'),
        current_charge_pct: pct('ev_charger, robot: fallback state of charge, used only when no recent state-of-charge reading exists'),
        max_temp_f: { type: 'number', description: 'water_heater: highest tank temperature, F' },
        min_temp_f: { type: 'number', description: 'water_heater: lowest tank temperature, F' },
        tasks_window_start: hhmm('robot: start of the daily off-dock window (half-open, may wrap midnight)'),
        tasks_window_end: hhmm('robot: end of the daily off-dock window'),
      },
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
