// The whole-home load: which sensor it comes from, and its first-start backfill
// (history-backfill.ts): up to 10 days of the sensor's history as half-hour means, remembered in
// household-backfill.json.
import type { AddonContext } from '../context.js';
import { householdReading, powerW } from '../readings.js';
import type { BackfillTarget } from './history-backfill.js';

export const BACKFILL_FILE = 'household-backfill.json';
export const BACKFILL_DAYS = 10;

/** The whole-home power sensor: the add-on option, else the account profile's field, else none. */
export function householdEntityId(ctx: AddonContext): string | null {
  return ctx.config.householdPowerEntityId ?? ctx.state.profile?.household_power_entity_id ?? null;
}

/** The whole-home power's backfill, or null without a sensor. */
export function householdBackfillTarget(ctx: AddonContext): BackfillTarget | null {
  const entityId = householdEntityId(ctx);
  if (!entityId) return null;
  return {
    file: BACKFILL_FILE,
    name: 'household',
    entityId,
    days: BACKFILL_DAYS,
    wattsOf: powerW,
    reading: (mean) => {
      const reading = householdReading(mean.watts, new Date(mean.startMs).toISOString());
      return reading && { kind: 'household', reading };
    },
  };
}
