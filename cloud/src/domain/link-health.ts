// Link health: is each HVAC's reading stream alive and does its indoor
// temperature move? Pure: the store aggregates the lookback window, this decides. The thresholds
// and why they are what they are: docs/readings-and-link-health.md.
import { MAX_FUTURE_SKEW_MS } from './readings/reading-time.js';
import { MINUTE_MS } from './time/durations.js';
import * as t from './validation/typed-schema.js';

export const linkStatus = t.component(
  'HealthStatus',
  t.oneOf(['healthy', 'stale_data', 'frozen_sensor', 'no_data'], {
    description:
      'healthy: recent readings, indoor temperature varying; stale_data: last reading more than 30 minutes old; frozen_sensor: readings on cadence but indoor temperature flat; no_data: zero readings in the lookback window',
  }),
);
export type LinkStatus = t.Infer<typeof linkStatus>;

export const LOOKBACK_HOURS = 6;
export const STALE_AFTER_MINUTES = 30;
/** The trailing part of the lookback inspected for a flat indoor temperature. */
export const FLAT_WINDOW_MINUTES = 240;
/** A flat run needs this many readings... */
export const FLAT_MIN_SAMPLES = 12;
/** ...spanning at least this long, first to last... */
export const FLAT_MIN_SPAN_MINUTES = 180;
/** ...all within this of each other: identical at the 0.1 °F resolution thermostats report (half a step absorbs float noise). */
export const FLAT_TOLERANCE_F = 0.05;

/** Worst first: the overall status is the first of these any unit has. */
const SEVERITY: readonly LinkStatus[] = ['no_data', 'stale_data', 'frozen_sensor', 'healthy'];

/** The instants bounding the readings to aggregate for `now`; readings stamped up to the allowed clock skew ahead count. */
export function linkWindow(now: Date): { since: Date; flatSince: Date; until: Date } {
  const t = now.getTime();
  return {
    since: new Date(t - LOOKBACK_HOURS * 60 * MINUTE_MS),
    flatSince: new Date(t - FLAT_WINDOW_MINUTES * MINUTE_MS),
    until: new Date(t + MAX_FUTURE_SKEW_MS),
  };
}

/** One HVAC's readings in the window, aggregated (`flat*`: only those since linkWindow().flatSince). */
export interface ReadingWindowStats {
  sampleCount: number;
  lastReadingAt: Date | null;
  flatCount: number;
  flatFirstAt: Date | null;
  flatMinF: number | null;
  flatMaxF: number | null;
  /** Set only for an HVAC driven by a claimed satellite: when that device last called the service. */
  satelliteLastContactAt?: Date | null;
}

/**
 * How satellite-driven HVACs are judged. A satellite captures every few minutes but pushes its
 * readings in batches (reading_push_interval_s, 3600 by default), so the 30-minute rule would call
 * it stale most of every hour. Its pipeline is the device itself: it is stale when the device has
 * not called for 30 minutes (it long-polls about every minute) or when a push is overdue by 30
 * minutes. See docs/devices-and-long-poll.md.
 */
export interface SatelliteRules {
  pushIntervalS: number;
}

/** The interface's default push interval (8. Limits); the service passes the configured one. */
export const DEFAULT_SATELLITE_RULES: SatelliteRules = { pushIntervalS: 3600 };

/** The status fields of a verdict, shared by the account block and each HVAC entry. */
const VERDICT = {
  status: t.ref(linkStatus),
  last_reading_at: t.nullable(t.dateTime('Latest reading in the window')),
  last_reading_age_seconds: t.nullable(t.integer()),
  sample_count: t.integer({ minimum: 0, description: 'Readings in the window' }),
  message: t.string('Human-readable, safe to render verbatim'),
  lookback_hours: t.integer('Window inspected; currently 6'),
};
export type LinkHealthFields = t.InferFields<typeof VERDICT>;

export const applianceLinkHealth = t.component(
  'ApplianceHealth',
  t.object({ appliance_id: t.uuid(), name: t.string(), ...VERDICT }, 'The verdict of one HVAC unit.'),
);
export type ApplianceLinkHealth = t.Infer<typeof applianceLinkHealth>;

/** The health block. */
export const linkHealthBlock = t.component(
  'HealthBlock',
  t.object(
    {
      ...VERDICT,
      appliances: t.array(t.ref(applianceLinkHealth), 'Per-HVAC breakdown; non-HVAC units omitted; empty when no HVAC is registered'),
    },
    'Overall link health: the worst per-HVAC status (no_data, stale_data, frozen_sensor, healthy); `no_data` with no HVAC.',
  ),
);
export type LinkHealth = t.Infer<typeof linkHealthBlock>;

/** The status of one HVAC's stream at `now`, with a message written for the homeowner. */
export function assessLink(stats: ReadingWindowStats, now: Date, satellite: SatelliteRules = DEFAULT_SATELLITE_RULES): LinkHealthFields {
  const last = stats.sampleCount > 0 ? stats.lastReadingAt : null;
  if (!last)
    return fields(
      'no_data',
      null,
      now,
      0,
      `No readings in the last ${LOOKBACK_HOURS} hours. Check that the integration or device is online and pushing readings.`,
    );
  const ageMs = Math.max(0, now.getTime() - last.getTime());
  const ago = describeDuration(ageMs);
  if (stats.satelliteLastContactAt) {
    const silentMs = Math.max(0, now.getTime() - stats.satelliteLastContactAt.getTime());
    if (silentMs > STALE_AFTER_MINUTES * MINUTE_MS) {
      return fields(
        'stale_data',
        last,
        now,
        stats.sampleCount,
        `The satellite device last contacted the service ${describeDuration(silentMs)} ago; it normally calls every minute. Check that it has power and WiFi.`,
      );
    }
    if (ageMs > satellite.pushIntervalS * 1000 + STALE_AFTER_MINUTES * MINUTE_MS) {
      return fields(
        'stale_data',
        last,
        now,
        stats.sampleCount,
        `The newest reading is from ${ago} ago; the satellite device pushes its readings every ${describeDuration(satellite.pushIntervalS * 1000)}, so its pushes may be failing. Check its WiFi connection.`,
      );
    }
  } else if (ageMs > STALE_AFTER_MINUTES * MINUTE_MS) {
    return fields(
      'stale_data',
      last,
      now,
      stats.sampleCount,
      `The newest reading is from ${ago} ago; readings normally come every few minutes, so the push pipeline may be stalled. Check the integration or device connection.`,
    );
  }
  const flatSpanMs = stats.flatFirstAt ? last.getTime() - stats.flatFirstAt.getTime() : 0;
  const isFlat =
    stats.flatCount >= FLAT_MIN_SAMPLES &&
    flatSpanMs >= FLAT_MIN_SPAN_MINUTES * MINUTE_MS &&
    stats.flatMinF !== null &&
    stats.flatMaxF !== null &&
    stats.flatMaxF - stats.flatMinF < FLAT_TOLERANCE_F;
  if (isFlat) {
    return fields(
      'frozen_sensor',
      last,
      now,
      stats.sampleCount,
      `Readings arrive on time, but the indoor temperature has stayed at exactly ${stats.flatMaxF!.toFixed(1)} °F for ${describeDuration(flatSpanMs)} (${stats.flatCount} readings); the temperature sensor may be frozen. Check the sensor that reports the indoor temperature.`,
    );
  }
  return fields('healthy', last, now, stats.sampleCount, `Readings are arriving normally; the newest is from ${ago} ago.`);
}

/** The account block: the worst unit's status, the newest reading and the total count across all HVACs. */
export function linkHealth(
  units: readonly { applianceId: string; name: string; stats: ReadingWindowStats }[],
  now: Date,
  satellite: SatelliteRules = DEFAULT_SATELLITE_RULES,
): LinkHealth {
  const appliances = units.map((u) => ({ appliance_id: u.applianceId, name: u.name, ...assessLink(u.stats, now, satellite) }));
  if (appliances.length === 0) {
    return {
      ...fields(
        'no_data',
        null,
        now,
        0,
        'No HVAC appliance is registered, so there is no reading stream to check. Add an HVAC appliance and push its readings.',
      ),
      appliances,
    };
  }
  const worst = [...appliances].sort((a, b) => SEVERITY.indexOf(a.status) - SEVERITY.indexOf(b.status))[0]!;
  const latest = appliances
    .map((a) => a.last_reading_at)
    .filter((t): t is string => t !== null)
    .sort()
    .at(-1);
  const needAttention = appliances.filter((a) => a.status !== 'healthy').length;
  const message =
    appliances.length === 1
      ? worst.message
      : needAttention === 0
        ? `All ${appliances.length} HVAC units are sending readings normally.`
        : `${needAttention} of ${appliances.length} HVAC units need attention. Most urgent: ${worst.message}`;
  const total = appliances.reduce((sum, a) => sum + a.sample_count, 0);
  return { ...fields(worst.status, latest ? new Date(latest) : null, now, total, message), appliances };
}

function fields(status: LinkStatus, last: Date | null, now: Date, sampleCount: number, message: string): LinkHealthFields {
  return {
    status,
    last_reading_at: last ? last.toISOString() : null,
    last_reading_age_seconds: last ? Math.max(0, Math.floor((now.getTime() - last.getTime()) / 1000)) : null,
    sample_count: sampleCount,
    message,
    lookback_hours: LOOKBACK_HOURS,
  };
}

/** "less than a minute", "1 minute", "47 minutes", "2 hours", "2 hours 5 minutes". */
export function describeDuration(ms: number): string {
  const minutes = Math.floor(ms / MINUTE_MS);
  if (minutes < 1) return 'less than a minute';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return plural(rest, 'minute');
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
