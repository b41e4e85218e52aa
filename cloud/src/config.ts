import * as yup from 'yup';

/** Every environment variable the cloud reads, validated once at start-up. See README "Configuration". */
const configSchema = yup.object({
  PORT: yup.number().integer().min(0).max(65535).default(8080),
  HOST: yup.string().default('0.0.0.0'),
  DATABASE_URL: yup.string().url().optional(),
  OFFPEAK_DATA_DIR: yup.string().default('.data'),
  JWT_SECRET: yup.string().min(32).optional(),
  LOG_LEVEL: yup.string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT: yup.string().matches(/^\d+(b|kb|mb)$/, 'must look like 512kb or 1mb').default('1mb'),
  PUBLIC_URL: yup.string().url().optional(),
  EMAIL_CONFIRMATION_REQUIRED: yup.boolean().default(false),
  AUTH_RATE_LIMIT_PER_MINUTE: yup.number().integer().min(0).default(10),
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: yup.number().integer().min(0).default(1000),
  TRUST_PROXY: yup.boolean().default(false),
  SHUTDOWN_GRACE_MS: yup.number().integer().min(0).default(10_000),
  DB_POOL_MAX: yup.number().integer().min(1).default(10),
  READINGS_DAILY_LIMIT_PER_APPLIANCE: yup.number().integer().min(1).default(1440),
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
  trustProxy: boolean;
  shutdownGraceMs: number;
  dbPoolMax: number;
  readingsDailyLimitPerAppliance: number;
}>;

export class ConfigError extends Error {}

/** Reads and validates the environment. Empty strings count as unset. Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(
    Object.keys(configSchema.fields).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  let v: yup.InferType<typeof configSchema>;
  try {
    v = configSchema.validateSync(raw, { abortEarly: false, stripUnknown: true });
  } catch (err) {
    if (err instanceof yup.ValidationError) {
      const lines = err.inner.length ? err.inner : [err];
      throw new ConfigError(
        `Invalid configuration:\n${lines.map((e) => `  ${e.path}: ${e.message.replace(/^\S+ /, '')} (got ${JSON.stringify(raw[e.path ?? ''])})`).join('\n')}`,
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
    trustProxy: v.TRUST_PROXY,
    shutdownGraceMs: v.SHUTDOWN_GRACE_MS,
    dbPoolMax: v.DB_POOL_MAX,
    readingsDailyLimitPerAppliance: v.READINGS_DAILY_LIMIT_PER_APPLIANCE,
  });
}
