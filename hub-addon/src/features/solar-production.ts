// A solar array's production: read from the `production_sensor_entity_id` of its Offpeak config
// with the other readings (readings.ts), and its first-start backfill (history-backfill.ts): up to
// 14 days of the sensor's history as half-hour means, remembered per appliance in
// solar-backfill-<appliance id>.json. The cloud learns the array's forecast from its production
// of the 14 days before a planned day (docs/forecast-and-solar.md), so it works from the first day.
import type { HubAppliance } from '../appliances.js';
import { productionReading, productionW, READING_KIND } from '../readings.js';
import type { BackfillTarget } from './history-backfill.js';

export const SOLAR_BACKFILL_DAYS = 14;

export const solarBackfillFile = (applianceId: string) => `solar-backfill-${applianceId}.json`;

/** The backfill of each active solar appliance with a production sensor. */
export function solarBackfillTargets(appliances: readonly HubAppliance[]): BackfillTarget[] {
  return appliances.flatMap((a) => {
    const entityId = a.entities.production_sensor_entity_id;
    if (!a.isActive || READING_KIND[a.type] !== 'production' || !entityId) return [];
    return [
      {
        file: solarBackfillFile(a.id),
        name: 'solar',
        entityId,
        days: SOLAR_BACKFILL_DAYS,
        wattsOf: productionW,
        reading: (mean) => {
          const reading = productionReading(mean.watts, new Date(mean.startMs).toISOString());
          return reading && { kind: 'appliance', applianceId: a.id, reading };
        },
        logFields: { appliance_id: a.id, appliance: a.name },
      },
    ];
  });
}
