import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp } from './app.js';
import { clockFor } from './clock.js';
import { createDrain } from './http/drain.js';
import { startBackgroundJobs } from './background-jobs.js';
import { resolveJwtSecret } from './jwt-secret.js';
import type { Config } from './config.js';
import { log } from './log.js';
import { createServices, type Services } from './services/index.js';
import type { Mailer } from './services/mailer.js';
import { createDatabase, ensureDatabaseExists, type Database } from './store/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './store/embedded-postgres.js';
import { createStore, type Store } from './store/index.js';
import { migrate } from './store/migrate.js';

/** Idle keep-alive of client connections (Node's default is 5 s). */
export const LONG_POLL_KEEP_ALIVE_MS = 65_000;
/**
 * Pending-connection queue (Node's default is 511; the kernel caps it at net.core.somaxconn). When an
 * instance stops, its parked satellites reconnect to the others within a second or two; a short
 * queue overflows and the kernel drops or resets their connections.
 */
const LISTEN_BACKLOG = 4096;

export interface RunningCloud {
  url: string;
  port: number;
  services: Services;
  /** The store the services run on, for tests that arrange or inspect rows. */
  store: Store;
  /** The database under the store, for tests that arrange rows no repository writes. */
  db: Database;
  /** The Express app, for tests that inspect its routes. */
  app: ReturnType<typeof createApp>;
  /**
   * Takes the instance out of rotation without closing it: /readyz answers 503, parked long-polls
   * answer [] at once and new ones do not park, responses close their connections, scheduled jobs
   * stop; then waits SHUTDOWN_DRAIN_DELAY_MS for the load balancer to notice. Idempotent.
   */
  drain(): Promise<void>;
  /** Drains, stops accepting, lets in-flight requests finish (up to the grace period), closes the database. */
  stop(): Promise<void>;
}

/**
 * Starts one cloud instance: the database (embedded when no DATABASE_URL), migrations, the HTTP
 * server. main.ts calls it for `npm start`; the tests call it for every instance they need.
 */
export interface CloudOverrides {
  mailer?: Mailer;
}

export async function startCloud(config: Config, overrides: CloudOverrides = {}): Promise<RunningCloud> {
  const startLog = log('start');
  const jwtSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  let embedded: EmbeddedServer | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dir: path.join(config.dataDir, 'pg') });
    databaseUrl = embedded.urlFor('offpeak');
    await ensureDatabaseExists(databaseUrl);
  }
  const db = createDatabase({ url: databaseUrl, poolMax: config.dbPoolMax });
  await waitForDatabase(db);
  await migrate(db);

  let listeningPort = config.port;
  const clock = clockFor(config.clock);
  if (config.clock)
    startLog.warn(
      { clock: config.clock },
      `accelerated clock: ${new Date(config.clock.startMs).toISOString()} at ${new Date(config.clock.anchorMs).toISOString()}, ${config.clock.rate}x (test only)`,
    );
  const store = createStore(db);
  const services = createServices(store, {
    config,
    clock,
    jwtSecret,
    publicUrl: () => config.publicUrl ?? `http://localhost:${listeningPort}`,
    databaseUrl,
    mailer: overrides.mailer,
  });
  await services.commandWaiters.start();
  const drainState = createDrain();
  const app = createApp({ ...config, jwtSecret }, services, drainState);

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, LISTEN_BACKLOG, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  // Satellites long-poll up to 55 s and poll again right after an answer: keep their connections
  // (and a proxy's) open between polls, longer than the 60 s idle timeout proxies commonly use, so
  // the proxy closes first. headersTimeout stays above it, as Node requires; requestTimeout (300 s)
  // already exceeds a 55 s park.
  const connections = trackConnections(server);
  server.keepAliveTimeout = LONG_POLL_KEEP_ALIVE_MS;
  server.headersTimeout = LONG_POLL_KEEP_ALIVE_MS + 1_000;
  const port = (server.address() as { port: number }).port;
  listeningPort = port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  startLog.info({ url }, 'cloud ready');
  const stopJobs = config.jobsEnabled
    ? startBackgroundJobs(services, clock, { config, databaseUrl, jwtSecret, publicUrl: config.publicUrl ?? `http://localhost:${port}` })
    : undefined;

  let draining: Promise<void> | undefined;
  const drain = () =>
    (draining ??= (async () => {
      drainState.start();
      startLog.info({ delayMs: config.shutdownDrainDelayMs }, 'draining: /readyz answers 503');
      // Parked long-polls answer [] at once (their devices re-poll another instance), and new ones
      // answer at once, so the server can close without waiting out a 55 s wait.
      await services.commandWaiters.stop();
      // Meanwhile the load balancer's health check sees the 503 and stops sending requests here;
      // whatever still arrives is served.
      await Promise.all([stopJobs?.(), sleep(config.shutdownDrainDelayMs)]);
    })());

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await drain();
      await closeServer(server, connections, config.shutdownGraceMs);
      // Commands put back after a failed hand-over are stored before the pool closes.
      await services.deviceCommands.settled();
      // After the last requests: their recompute requests are stored, running batches finish.
      await services.recomputeQueue.stop();
      await services.scheduleEvents.settled();
      await db.close();
      await embedded?.stop();
      startLog.info('cloud stopped');
    })());
  return { url, port, services, store, db, app, drain, stop };
}

async function waitForDatabase(db: Database, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await db.authenticate();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      log('start').warn({ err: (err as Error).message }, 'database not reachable yet, retrying');
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/**
 * The server's connections and how many requests each is serving. Node's closeIdleConnections()
 * leaves a connection that has not sent a request yet (its headers timer counts as activity), and
 * fetch (undici) opens such a spare connection after an aborted request, as a satellite's aborted
 * long-poll is: shutdown then waited the whole grace period for a connection that carried nothing.
 */
function trackConnections(server: Server) {
  const serving = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    serving.set(socket, 0);
    socket.once('close', () => serving.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    serving.set(socket, (serving.get(socket) ?? 0) + 1);
    res.once('close', () => serving.has(socket) && serving.set(socket, serving.get(socket)! - 1));
  });
  return {
    /** Destroys every connection not serving a request right now: idle keep-alive ones and ones that never sent one. */
    closeQuiet(): void {
      for (const [socket, requests] of serving) if (requests === 0) socket.destroy();
    },
  };
}

/** Waits for in-flight requests, then cuts whatever is left after the grace period (long-polls). */
function closeServer(server: Server, connections: ReturnType<typeof trackConnections>, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    timer.unref();
    // Keep-alive connections turn quiet as their last response ends; close them as they do, so
    // shutdown takes as long as the slowest in-flight request, not the keep-alive timeout.
    const sweep = setInterval(() => connections.closeQuiet(), 50);
    server.close(() => {
      clearTimeout(timer);
      clearInterval(sweep);
      resolve();
    });
    connections.closeQuiet();
  });
}
