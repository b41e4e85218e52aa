import compression from 'compression';
import express, { type Express } from 'express';
import type { Config } from './config.js';
import { createUserAuthenticator } from './http/authenticate.js';
import { dashboardStatic } from './http/dashboard-static.js';
import { createDeviceAuthenticator } from './http/device-auth.js';
import { createDrain, type Drain } from './http/drain.js';
import { errorHandler, notFoundHandler } from './http/error-middleware.js';
import { jsonOnly } from './http/json-only.js';
import { requestLogging } from './http/request-log.js';
import { pathGate } from './http/validate.js';
import { authRouter } from './http/routes/auth.js';
import { appliancesRouter } from './http/routes/appliances.js';
import { devicesRouter } from './http/routes/devices.js';
import { healthRouter } from './http/routes/health.js';
import { householdLoadRouter } from './http/routes/household-load.js';
import { hubEntitiesRouter } from './http/routes/hub-entities.js';
import { openapiRouter } from './http/routes/openapi.js';
import { healthStatusRouter } from './http/routes/health-status.js';
import { metricsRouter } from './http/routes/metrics.js';
import { preferencesRouter } from './http/routes/preferences.js';
import { insightsRouter } from './http/routes/insights.js';
import { ratesRouter } from './http/routes/rates.js';
import { readingsRouter } from './http/routes/readings.js';
import { schedulesRouter } from './http/routes/schedules.js';
import { weatherRouter } from './http/routes/weather.js';
import { log } from './log.js';
import type { Services } from './services/index.js';

export type AppConfig = Pick<Config, 'bodyLimit' | 'trustProxy'> & {
  jwtSecret: string;
  /** The built dashboard to serve at `/`; default the repository's dashboard/dist. */
  dashboardDir?: string;
};

/** Builds the Express app (no listen: main and the tests do that). `drain` takes it out of rotation before a stop. */
export function createApp(config: AppConfig, services: Services, drain: Drain = createDrain()): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', Array.isArray(config.trustProxy) ? [...config.trustProxy] : config.trustProxy);

  app.use(requestLogging(app, log('http')));
  // brotli or gzip by Accept-Encoding for JSON and any file the build did not compress (1 KB and up).
  app.use(compression());
  app.use(drain.middleware);
  app.use(pathGate);
  app.use(jsonOnly);
  app.use(express.json({ limit: config.bodyLimit, type: ['application/json', 'application/*+json'] }));

  const requireUser = createUserAuthenticator(config.jwtSecret);
  const { requireDevice, requireUserOrDevice } = createDeviceAuthenticator(services.devices, requireUser, services.clock);
  const now = services.clock;
  app.use(healthRouter(services.readiness, drain.isDraining));
  app.use(openapiRouter());
  app.use('/auth', authRouter({ auth: services.auth, profiles: services.profiles, requireUser }));
  app.use('/api/v1', appliancesRouter({ appliances: services.appliances, constraints: services.constraints, requireUser }));
  app.use('/api/v1', preferencesRouter({ preferences: services.preferences, requireUser }));
  app.use('/api/v1', insightsRouter({ insights: services.insights, requireUser }));
  app.use('/api/v1', readingsRouter({ readings: services.readings, requireUser, requireUserOrDevice, now }));
  app.use('/api/v1', devicesRouter({ devices: services.devices, deviceCommands: services.deviceCommands, requireUser, requireDevice, now }));
  app.use('/api/v1', healthStatusRouter({ linkHealth: services.linkHealth, requireUser, now }));
  app.use('/api/v1', ratesRouter({ rates: services.rates, requireUser, now }));
  app.use('/api/v1', householdLoadRouter({ householdLoad: services.householdLoad, requireUser, now }));
  app.use('/api/v1', hubEntitiesRouter({ hubEntities: services.hubEntities, requireUser, now }));
  app.use('/api/v1', schedulesRouter({ schedules: services.schedules, recompute: services.recompute, requireUser, requireUserOrDevice, now }));
  app.use('/api/v1', weatherRouter({ weather: services.weather, requireUser, now }));
  app.use('/api/v1', metricsRouter({ metrics: services.metrics, requireUser, now }));

  const dashboard = dashboardStatic(config.dashboardDir);
  if (dashboard.router) app.use(dashboard.router);
  else log('http').info({ dir: dashboard.dir }, 'dashboard not built; serving the API only (npm run build builds it)');

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
