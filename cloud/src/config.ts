import * as yup from 'yup';
import { dynamicZoneSlugs } from './domain/tariffs/catalog.js';
import type { ClockSetting } from './clock.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/** Every environment variable the cloud reads, validated once at start-up. See README "Configuration". */
const num = () => yup.number().typeError('${path} must be a number');
const bool = () => yup.boolean().typeError('${path} must be true or false');
/** An http or https URL; yup's url() refuses hosts without a dot such as `localhost`. */
const httpUrl = () =>
  yup.string().test('http-url', '${path} must be an http or https URL', (v) => !v || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)));

const isoInstant = (v: string | undefined) => v === undefined || (/(?:[zZ]|[+-]\d\d:?\d\d)$/.test(v) && !Number.isNaN(Date.parse(v)));

const configSchema = yup.object({
  PORT: num().integer().min(0).max(65535).default(8080),
  HOST: yup.string().default('0.0.0.0'),
  DATABASE_URL: yup
    .string()
    .test('postgres-url', '${path} must be a postgres:// or postgresql:// URL', (v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v))
    .optional(),
  OFFPEAK_DATA_DIR: yup.string().default('.data'),
  JWT_SECRET: yup
    .string()
    .test('jwt-secret-bytes', '${path} must be at least 32 bytes', (v) => v === undefined || Buffer.byteLength(v) >= 32)
    .optional(),
  LOG_LEVEL: yup.string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: yup
    .string()
    .matches(/^\d+(b|kb|mb)$/, 'must look like 512kb or 1mb')
    .default('1mb'),
  PUBLIC_URL: httpUrl().optional(),
  EMAIL_CONFIRMATION_REQUIRED: bool().default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: num().integer().min(0).default(10),
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: num().integer().min(0).default(1000),
  TRUST_PROXY: yup
    .string()
    .test(
      'trust-proxy',
      '${path} must be false, a hop count (1 behind one reverse proxy) or comma-separated proxy addresses or subnets (loopback, 10.0.0.0/8); true would trust every hop',
      (v) => v === undefined || parseTrustProxy(v) !== null,
    ),
  SHUTDOWN_GRACE_MS: num().integer().min(0).default(10_000),
  SHUTDOWN_DRAIN_DELAY_MS: num().integer().min(0).default(0),
  DB_POOL_MAX: num().integer().min(1).default(10),
  READINGS_DAILY_LIMIT_PER_APPLIANCE: num().integer().min(1).default(1440),
  JOBS_ENABLED: bool().default(true),
  JOBS_THREAD: bool().default(true),
  PRICE_FEED_BASE_URLS: yup
    .string()
    .test('base-urls', '${path} must be comma-separated slug=url pairs (slug a dynamic zone or *, url http or https)', (v) => !v || parseBaseUrls(v) !== null),
  PRICE_FEED_CREDENTIALS: yup
    .string()
    .test('credentials', '${path} must be a JSON object {"<dynamic zone slug>": {"<name>": "<string>"}}', (v) => !v || parseCredentials(v) !== null),
  PRICE_FEED_TIMEOUT_MS: num().integer().min(1).default(20_000),
  PRICE_FEED_RETRIES: num().integer().min(0).max(10).default(2),
  PRICE_FEED_RETRY_DELAY_MS: num().integer().min(0).default(5_000),
  DYNAMIC_PRICE_ADDER_CENTS_PER_KWH: num().min(0).max(50).default(0),
  WEATHER_FALLBACK_BASE_URL: httpUrl().default('https://api.open-meteo.com'),
  WEATHER_FALLBACK_TIMEOUT_MS: num().integer().min(1).default(5_000),
  WEATHER_FALLBACK_CACHE_MINUTES: num().integer().min(0).default(180),
  RECOMPUTE_DEBOUNCE_MS: num().integer().min(0).default(3_000),
  RECOMPUTE_REFINEMENT_SPREAD_MS: num().integer().min(0).default(1_800_000),
  REPLAN_MIN_INTERVAL_MS: num().integer().min(0).default(900_000),
  PLANNING_WORKERS: num().integer().min(1).optional(),
  PLANNING_BATCH_SIZE: num().integer().min(1).max(500).default(25),
  PLANNING_JOB_LEASE_MS: num().integer().min(1_000).default(120_000),
  PLANNING_POLL_MS: num().integer().min(10).default(1_000),
  DEVICE_READING_PUSH_INTERVAL_S: num().integer().min(60).max(86_400).default(3600),
  DEVICE_CAPTURE_INTERVAL_S: num().integer().min(10).max(3600).default(300),
  DEVICE_COMMAND_POLL_WAIT_S: num().integer().min(0).max(55).default(50),
  APPLIANCES_MAX_PER_ACCOUNT: num().integer().min(1).default(50),
  RECOMPUTE_LIMIT_PER_MINUTE: num().integer().min(0).default(10),
  SCHEDULE_HISTORY_ROWS_PER_DAY: num().integer().min(1).max(1000).default(48),
  PURGE_RETENTION_DAYS: num().integer().min(15).max(3650).default(30),
  LONG_POLL_MAX_PARKED: num().integer().min(1).default(10_000),
  LONG_POLL_MAX_PER_DEVICE: num().integer().min(1).max(100).default(2),
  DEVICE_COMMANDS_PER_POLL: num().integer().min(1).max(1000).default(50),
  METRICS_MIN_COHORT_HOMES: num().integer().min(5).default(10),
  METRICS_BATCH_DAYS: num().integer().min(1).max(100_000).default(5000),
  OFFPEAK_CLOCK_START: yup.string().test('iso-instant', '${path} must be an ISO 8601 instant with a zone (2026-03-08T00:00:00Z)', isoInstant),
  OFFPEAK_CLOCK_ANCHOR: yup.string().test('iso-instant', '${path} must be an ISO 8601 instant with a zone', isoInstant),
  OFFPEAK_CLOCK_RATE: num().positive().max(100_000).optional(),
});

export type Config = Readonly<{
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string | undefined;
  logLevel: string;
  bodyLimit: string;
  publicUrl: string | undefined;
  emailConfirmationRequired: boolean;
  authRateLimitPerMinute: number;
  authRateLimitPerIpPerMinute: number;
  /** Which proxies' X-Forwarded-For entries to believe for the client IP (Express's `trust proxy`). */
  trustProxy: TrustProxy;
  shutdownGraceMs: number;
  /** How long a stopping instance keeps serving with /readyz at 503 before it closes its listener. */
  shutdownDrainDelayMs: number;
  dbPoolMax: number;
  readingsDailyLimitPerAppliance: number;
  /** Runs the scheduled jobs (price refresh...) in this instance; tests turn it off. */
  jobsEnabled: boolean;
  /**
   * Runs those jobs and the planning worker on a worker thread of their own at a lower priority
   * (the built cloud only), so planning never queues ahead of requests; false runs them on the
   * request thread. docs/performance.md "Jobs on their own thread".
   */
  jobsThread: boolean;
  /** Feed base URL per dynamic zone slug, `*` for every zone (overrides each adapter's default). */
  priceFeedBaseUrls: Readonly<Record<string, string>>;
  /** Feed credentials per dynamic zone slug; never logged. */
  priceFeedCredentials: Readonly<Record<string, Readonly<Record<string, string>>>>;
  priceFeedTimeoutMs: number;
  priceFeedRetries: number;
  /** Delay before retry n is n times this. */
  priceFeedRetryDelayMs: number;
  /** Global adder on dynamic prices for accounts without their own. */
  dynamicPriceAdderCentsPerKwh: number;
  /** Open-Meteo-compatible fallback weather feed, asked when no fresh push covers a day. */
  weatherFallbackBaseUrl: string;
  weatherFallbackTimeoutMs: number;
  /** How long one location's fallback answer is reused. */
  weatherFallbackCacheMinutes: number;
  /** A burst of planning-input saves within this long gives one recompute. */
  recomputeDebounceMs: number;
  /** A refinement's recompute (household readings completing a day) waits the debounce plus its account's offset into this spread. */
  recomputeRefinementSpreadMs: number;
  /** Re-plans from the measured state: at most one per account this often. */
  replanMinIntervalMs: number;
  /** Planning worker loops per instance (on its jobs thread); by default two, never more than the database pool size less two. */
  planningWorkers: number;
  /** Planning jobs one worker loop takes at once (their inputs load in one set of queries). */
  planningBatchSize: number;
  /** How long a taken planning job is held before another worker may take it again. */
  planningJobLeaseMs: number;
  /** How often an idle planning worker looks for due jobs. */
  planningPollMs: number;
  /** What GET /api/v1/devices/config tells satellites: batch push period, capture period, suggested long-poll wait. */
  deviceReadingPushIntervalS: number;
  deviceCaptureIntervalS: number;
  deviceCommandPollWaitS: number;
  /** Appliances one account may have; a create over it gets 400. */
  appliancesMaxPerAccount: number;
  /** POST /api/v1/schedule/recompute calls per account per minute (0: no limit); over it 429. */
  recomputeLimitPerMinute: number;
  /** Schedule history rows kept per appliance and local date (the newest). */
  scheduleHistoryRowsPerDay: number;
  /** Days the daily purge keeps expired claim codes, delivered commands and forecast pushes (at least the refit's 14). */
  purgeRetentionDays: number;
  /** Long-polls one instance holds parked; over it a poll that would park gets 429. */
  longPollMaxParked: number;
  /** Concurrent long-polls of one device token on one instance; over it 429. */
  longPollMaxPerDevice: number;
  /** Commands one long-poll answer hands over at most. */
  deviceCommandsPerPoll: number;
  /** A rankings cohort counts only with at least this many homes holding a value (the caller included). */
  metricsMinCohortHomes: number;
  /** Account-days one batch of the daily metrics job computes and writes at once. */
  metricsBatchDays: number;
  /**
   * Test only: the service's clock starts at OFFPEAK_CLOCK_START and runs OFFPEAK_CLOCK_RATE times
   * real time (null: the system clock). See clock.ts and docs/system-tests.md.
   */
  clock: ClockSetting | null;
}>;

export class ConfigError extends Error {}

/** Variables whose values never appear in an error message. */
const SECRET_VARS = new Set(['JWT_SECRET', 'PRICE_FEED_CREDENTIALS']);

/** Reads and validates the environment. Empty strings count as unset. Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.keys(configSchema.fields).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  let v: yup.InferType<typeof configSchema>;
  try {
    v = configSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      const lines = err.inner.length ? err.inner : [err];
      throw new ConfigError(
        `Invalid configuration:\n${lines.map((e) => `  ${e.path}: ${e.message.replace(/^\S+ /, '')} (got ${SECRET_VARS.has(e.path ?? '') ? 'a value not shown' : JSON.stringify(raw[e.path ?? ''])})`).join('\n')}`,
      );
    }
    throw err;
  }
  return Object.freeze({
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    dataDir: v.OFFPEAK_DATA_DIR,
    jwtSecret: v.JWT_SECRET,
    logLevel: v.LOG_LEVEL,
    bodyLimit: v.BODY_LIMIT,
    publicUrl: v.PUBLIC_URL,
    emailConfirmationRequired: v.EMAIL_CONFIRMATION_REQUIRED,
    authRateLimitPerMinute: v.AUTH_RATE_LIMIT_PER_MINUTE,
    authRateLimitPerIpPerMinute: v.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE,
    trustProxy: v.TRUST_PROXY === undefined ? false : (parseTrustProxy(v.TRUST_PROXY) ?? false),
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    shutdownDrainDelayMs: v.SHUTDOWN_DRAIN_DELAY_MS,
    dbPoolMax: v.DB_POOL_MAX,
    readingsDailyLimitPerAppliance: v.READINGS_DAILY_LIMIT_PER_APPLIANCE,
    jobsEnabled: v.JOBS_ENABLED,
    jobsThread: v.JOBS_THREAD,
    priceFeedBaseUrls: Object.freeze(v.PRICE_FEED_BASE_URLS ? (parseBaseUrls(v.PRICE_FEED_BASE_URLS) ?? {}) : {}),
    priceFeedCredentials: Object.freeze(v.PRICE_FEED_CREDENTIALS ? (parseCredentials(v.PRICE_FEED_CREDENTIALS) ?? {}) : {}),
    priceFeedTimeoutMs: v.PRICE_FEED_TIMEOUT_MS,
    priceFeedRetries: v.PRICE_FEED_RETRIES,
    priceFeedRetryDelayMs: v.PRICE_FEED_RETRY_DELAY_MS,
    dynamicPriceAdderCentsPerKwh: v.DYNAMIC_PRICE_ADDER_CENTS_PER_KWH,
    weatherFallbackBaseUrl: v.WEATHER_FALLBACK_BASE_URL,
    weatherFallbackTimeoutMs: v.WEATHER_FALLBACK_TIMEOUT_MS,
    weatherFallbackCacheMinutes: v.WEATHER_FALLBACK_CACHE_MINUTES,
    recomputeDebounceMs: v.RECOMPUTE_DEBOUNCE_MS,
    recomputeRefinementSpreadMs: v.RECOMPUTE_REFINEMENT_SPREAD_MS,
    replanMinIntervalMs: v.REPLAN_MIN_INTERVAL_MS,
    planningWorkers: v.PLANNING_WORKERS ?? defaultPlanningWorkers(v.DB_POOL_MAX),
    planningBatchSize: v.PLANNING_BATCH_SIZE,
    planningJobLeaseMs: v.PLANNING_JOB_LEASE_MS,
    planningPollMs: v.PLANNING_POLL_MS,
    deviceReadingPushIntervalS: v.DEVICE_READING_PUSH_INTERVAL_S,
    deviceCaptureIntervalS: v.DEVICE_CAPTURE_INTERVAL_S,
    deviceCommandPollWaitS: v.DEVICE_COMMAND_POLL_WAIT_S,
    appliancesMaxPerAccount: v.APPLIANCES_MAX_PER_ACCOUNT,
    recomputeLimitPerMinute: v.RECOMPUTE_LIMIT_PER_MINUTE,
    scheduleHistoryRowsPerDay: v.SCHEDULE_HISTORY_ROWS_PER_DAY,
    purgeRetentionDays: v.PURGE_RETENTION_DAYS,
    longPollMaxParked: v.LONG_POLL_MAX_PARKED,
    longPollMaxPerDevice: v.LONG_POLL_MAX_PER_DEVICE,
    deviceCommandsPerPoll: v.DEVICE_COMMANDS_PER_POLL,
    metricsMinCohortHomes: v.METRICS_MIN_COHORT_HOMES,
    metricsBatchDays: v.METRICS_BATCH_DAYS,
    clock:
      v.OFFPEAK_CLOCK_START === undefined && v.OFFPEAK_CLOCK_RATE === undefined
        ? null
        : Object.freeze({
            startMs: v.OFFPEAK_CLOCK_START === undefined ? Date.now() : Date.parse(v.OFFPEAK_CLOCK_START),
            anchorMs: v.OFFPEAK_CLOCK_ANCHOR === undefined ? Date.now() : Date.parse(v.OFFPEAK_CLOCK_ANCHOR),
            rate: v.OFFPEAK_CLOCK_RATE ?? 1,
          }),
  });
}

/** `slug=url,*=url` -> { slug: url }, or null when malformed (unknown slug, not an http(s) URL). */
function parseBaseUrls(text: string): Record<string, string> | null {
  const slugs = new Set(['*', ...dynamicZoneSlugs()]);
  const out: Record<string, string> = {};
  for (const pair of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const slug = pair.slice(0, at).trim().toLowerCase();
    const url = pair.slice(at + 1).trim();
    if (at < 1 || !slugs.has(slug) || !URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) return null;
    out[slug] = url;
  }
  return out;
}

/** The JSON credentials object ({ slug: { name: value } }), or null when it has another shape. */
function parseCredentials(text: string): Record<string, Record<string, string>> | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(json)) return null;
  const slugs = new Set(dynamicZoneSlugs());
  const out: Record<string, Record<string, string>> = {};
  for (const [slug, values] of Object.entries(json)) {
    if (!slugs.has(slug.toLowerCase()) || !isObject(values)) return null;
    if (!Object.values(values).every((x) => typeof x === 'string')) return null;
    out[slug.toLowerCase()] = values as Record<string, string>;
  }
  return out;
}

/**
 * Planning worker loops when PLANNING_WORKERS is unset: two, so one loop's database round trips
 * overlap the other's planning on the jobs thread (more loops add no CPU, only held connections),
 * and never more than the pool less two (with JOBS_THREAD=false the loops share the requests'
 * pool). docs/performance.md "Pool and planning workers".
 */
export function defaultPlanningWorkers(dbPoolMax: number): number {
  return Math.max(1, Math.min(2, dbPoolMax - 2));
}
