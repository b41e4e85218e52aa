import { householdLoadProfile, householdLoadReadingsRequestSchema, householdLoadUpdate } from '../../contract/index.js';
import { componentSchemas } from '../../domain/validation/typed-schema.js';
import { json, operation, ref, type ApiModule } from './builders.js';
import { fromYup } from '../../domain/validation/from-yup.js';

const TAG = 'Household load';

/** The household's own load (docs/home-plan.md). */
export const householdLoadApi: ApiModule = {
  tag: {
    name: TAG,
    description:
      "The whole home's consumption: readings from a power sensor, a profile set by hand, and the profile plans use (measured, else set, else typical).",
  },
  schemas: {
    ...componentSchemas([householdLoadProfile, householdLoadUpdate]),
    HouseholdLoadReadingsRequest: fromYup(householdLoadReadingsRequestSchema, {
      fields: {
        readings: {
          items: {
            fields: {
              timestamp: { description: 'ISO 8601 with a zone; at most the usual skew in the future' },
              value: { description: 'Whole-home consumption, W, before solar' },
            },
          },
        },
      },
    }),
  },
  paths: {
    '/api/v1/household-load': {
      get: operation({
        id: 'getHouseholdLoad',
        tag: TAG,
        summary: 'The household load profile plans use today, and where it comes from',
        auth: 'user',
        ok: { 200: json('The profile in use', ref(householdLoadProfile)) },
      }),
      put: operation({
        id: 'setHouseholdLoad',
        tag: TAG,
        summary: 'Set (or clear with null) the household load profile for a home without a sensor',
        description: 'A measured profile still wins once there is one. A change re-plans the home (debounced).',
        auth: 'user',
        body: ref(householdLoadUpdate),
        ok: { 200: json('The profile in use after the change', ref(householdLoadProfile)) },
        errors: { 400: ['load_kw_48 is required', 'load_kw_48 must be an array of 48 numbers or null', 'load_kw_48[<i>] must be a number between 0 and 100'] },
      }),
    },
    '/api/v1/household-load/readings': {
      post: operation({
        id: 'pushHouseholdLoadReadings',
        tag: TAG,
        summary: 'Push 1-100 whole-home power readings (W)',
        description:
          "All or nothing; counted against the same daily reading ceiling as the other readings. A re-pushed instant replaces its value. The first push of a new local day, or a backfill, re-plans the home (debounced). The household's own load is these readings less the metered `power_watts` of the appliances' readings (every type but solar and dehumidifier) in the same half hour, so a meter that sees the EV charger, the HVAC or the battery does not count their planned flows as household load.",
        auth: 'user',
        body: ref('HouseholdLoadReadingsRequest'),
        ok: { 201: json('Stored', ref('ReadingsAccepted')) },
        errors: {
          400: [
            'value must be between 0 and 100000',
            'timestamp must be an ISO 8601 date-time with a time zone, e.g. 2024-07-01T14:05:00Z',
            'readings must contain between 1 and 100 readings',
          ],
          429: ['Rate limit exceeded: ...'],
        },
      }),
    },
  },
};
