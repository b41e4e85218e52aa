// Insights (hints) per HVAC: what its last 30 days of readings say about the home and the unit.
// Rules: docs/insights.md.
import { DETAIL, type InsightsResponse } from '../contract/index.js';
import { detectHints, INSIGHT_WINDOW_DAYS } from '../domain/insights/detect.js';
import { weatherPointsFromPushes } from '../domain/planning/weather-history.js';
import { notFound } from '../errors.js';
import type { Store } from '../store/index.js';
import type { AppliancesService } from './appliances.js';
import type { WeatherService } from './weather.js';
import { DAY_MS } from '../domain/time/durations.js';

export function createInsightsService(
  store: Store,
  deps: { appliances: Pick<AppliancesService, 'requireOwned'>; weather: Pick<WeatherService, 'forecastHistory'> },
) {
  return {
    /** Hints for an HVAC the caller owns; anything else is 404 `Appliance not found`. */
    async forAppliance(userId: string, applianceId: string, now = new Date()): Promise<InsightsResponse> {
      const appliance = await deps.appliances.requireOwned(userId, applianceId);
      if (appliance.appliance_type !== 'hvac') throw notFound(DETAIL.applianceNotFound);
      const since = new Date(now.getTime() - INSIGHT_WINDOW_DAYS * DAY_MS);
      const [readings, pushes] = await Promise.all([store.thermalModels.readings(appliance.id, since, now), deps.weather.forecastHistory(userId, since, now)]);
      const hints = detectHints(readings, weatherPointsFromPushes(pushes), now);
      return {
        appliance_id: appliance.id,
        generated_at: now.toISOString(),
        window_days: INSIGHT_WINDOW_DAYS,
        hints: hints.map((h) => ({ kind: h.kind, since: h.since.toISOString(), numbers: h.numbers, confidence: h.confidence, advice: h.advice })),
      };
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
