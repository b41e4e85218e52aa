// The simulator: state machine, services, REST and WebSocket endpoints and the ingress proxy on one HTTP port.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import { EventBus } from './bus.js';
import { SimClock } from './clock.js';
import { newContext, type Context } from './context.js';
import type { Behaviour, ForecastType, SimCore } from './core.js';
import { configDict, type FixtureData } from './fixture.js';
import { StateHistory } from './history.js';
import { handleIngress } from './ingress.js';
import { handleRest } from './rest.js';
import { DOMAIN_SERVICES } from './services/index.js';
import { ServiceRegistry } from './services/registry.js';
import { StateMachine, type Attributes, type HaState } from './states.js';
import { microsFromMs, strictlyIncreasing } from './time.js';
import type { ServiceCallRecord } from './ws/commands.js';
import { WsConnection } from './ws/connection.js';

export const WS_PATHS: Record<string, { proxy: boolean }> = {
  '/api/websocket': { proxy: false },
  '/core/websocket': { proxy: true },
  '/core/api/websocket': { proxy: true },
};

export interface SimOptions {
  fixture: FixtureData;
  token: string;
  clock: () => number;
  authTimeoutMs: number;
  heartbeatMs: number;
  /** Called with the simulated time span to integrate, for a simulated house. */
  physics?: (fromMs: number, toMs: number, sim: SimCore) => void;
  /** Forecast provider for weather entities not covered by the fixture's `forecasts`. */
  forecast?: (entityId: string, type: ForecastType, nowMs: number) => Record<string, unknown>[] | undefined;
  /** Real-time interval, in ms, at which physics is integrated up to the simulated now. */
  physicsIntervalMs: number;
}

export class HaSim implements SimCore {
  readonly bus = new EventBus();
  readonly states: StateMachine;
  readonly history: StateHistory;
  readonly registry: ServiceRegistry;
  readonly behaviour: Behaviour;
  readonly userId = randomBytes(16).toString('hex');
  /** The add-on's ingress token (its path under /api/hassio_ingress/) and where its panel listens. */
  readonly ingressToken = randomBytes(16).toString('hex');
  ingressTarget: string | null = null;
  readonly serviceCalls: ServiceCallRecord[] = [];
  readonly clock: SimClock;
  readonly nowUs: () => number;
  private readonly connections = new Set<WsConnection>();
  private readonly sockets = new Set<Socket>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private server: Server | null = null;
  private port = 0;
  private physicsAt: number;
  private physicsTimer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: SimOptions) {
    this.clock = new SimClock(opts.clock);
    this.nowUs = strictlyIncreasing(() => this.clock.now());
    this.behaviour = { dock_after_seconds: 2, water_heater_range_check: true, ...(opts.fixture.behaviour ?? {}) };
    this.states = new StateMachine({ bus: this.bus, now: this.nowUs, newContext: () => this.newContext(null) });
    this.history = new StateHistory(this.bus, () => microsFromMs(this.clock.now()));
    for (const e of opts.fixture.entities) this.states.load(e.entity_id, e.state, e.attributes, this.newContext(null));
    for (const s of this.states.all()) this.history.record(s);
    this.registry = new ServiceRegistry(this);
    for (const domain of this.domains()) {
      const services = DOMAIN_SERVICES[domain];
      if (services) this.registry.register(domain, services);
    }
    this.physicsAt = this.clock.now();
  }

  nowMs(): number {
    return this.clock.now();
  }

  newContext(userId: string | null = null): Context {
    return newContext(this.nowMs(), userId);
  }

  schedule(delayMs: number, fn: () => void): void {
    this.clock.schedule(delayMs, fn);
  }

  forecast(entityId: string, type: ForecastType): Record<string, unknown>[] | undefined {
    const given = this.opts.fixture.forecasts?.[entityId]?.[type];
    if (given) return structuredClone(given);
    return this.opts.forecast?.(entityId, type, this.nowMs());
  }

  domains(): string[] {
    return [...new Set(this.opts.fixture.entities.map((e) => e.entity_id.split('.')[0]!))].sort();
  }

  config(): Record<string, unknown> {
    return configDict(this.opts.fixture, this.domains());
  }

  get haVersion(): string {
    return this.opts.fixture.ha_version;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(host: string, port: number): Promise<void> {
    const server = createServer((req, res) => {
      if (handleIngress(req, res, this.ingressToken, this.ingressTarget)) return;
      const path = (req.url ?? '/').split('?')[0]!;
      const apiPath = path.startsWith('/core/') ? path.slice(5) : path;
      handleRest(req, res, apiPath, {
        token: this.opts.token,
        states: this.states,
        config: () => this.config(),
        services: () => this.registry.describe(),
        newContext: () => this.newContext(this.userId),
      })
        .then((handled) => {
          if (!handled) {
            res.writeHead(404, { 'Content-Type': 'text/plain' });
            res.end('404: Not Found');
          }
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(`500 Internal Server Error: ${String(err)}`);
        });
    });
    server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    server.on('upgrade', (req, socket, head) => {
      const path = (req.url ?? '/').split('?')[0]!;
      const route = WS_PATHS[path];
      if (!route) {
        socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws, route.proxy));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    if (this.opts.physics) {
      this.physicsTimer = setInterval(() => this.runPhysics(), this.opts.physicsIntervalMs);
      this.physicsTimer.unref();
    }
  }

  private accept(ws: import('ws').WebSocket, proxy: boolean): void {
    const conn: WsConnection = new WsConnection(ws, {
      proxy,
      token: this.opts.token,
      haVersion: this.haVersion,
      authTimeoutMs: this.opts.authTimeoutMs,
      heartbeatMs: this.opts.heartbeatMs,
      onClose: () => this.connections.delete(conn),
      deps: {
        sim: this,
        registry: this.registry,
        config: () => this.config(),
        history: this.history,
        timeZone: () => this.opts.fixture.config.time_zone,
        user: () => ({ id: this.userId, name: 'Offpeak Simulator', is_owner: true, is_admin: true, credentials: [], mfa_modules: [] }),
        recordCall: (record) => this.serviceCalls.push(record),
      },
    });
    this.connections.add(conn);
  }

  /** Integrate the house up to the simulated now and fire due timers. */
  runPhysics(): void {
    const now = this.clock.now();
    if (this.opts.physics && now > this.physicsAt) this.opts.physics(this.physicsAt, now, this);
    this.physicsAt = Math.max(this.physicsAt, now);
    this.clock.runDue();
  }

  advance(ms: number): void {
    // Integrate in steps so that timers (docking) and physics interleave in time order.
    const target = this.clock.now() + ms;
    while (this.clock.now() < target) {
      const now = this.clock.now();
      const due = this.clock.nextDue();
      const step = Math.min(60_000, target - now, due !== undefined && due > now ? due - now : Infinity);
      this.clock.advance(step);
      this.runPhysics();
    }
  }

  dropConnections(opts: { noCloseFrame?: boolean } = {}): void {
    for (const conn of [...this.connections]) {
      if (opts.noCloseFrame) conn.terminate();
      else conn.close();
    }
  }

  hangConnections(): void {
    for (const conn of this.connections) conn.hang();
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    if (this.physicsTimer) clearInterval(this.physicsTimer);
    this.physicsTimer = null;
    const server = this.server;
    this.server = null;
    if (!server) return;
    for (const conn of [...this.connections]) conn.terminate();
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Stops, forgets the states only the REST API wrote, writes `states` as the devices' integrations report them at start (no user), waits downMs, listens again. */
  async restart(host: string, downMs = 0, states: Record<string, string> = {}): Promise<void> {
    const port = this.port;
    await this.close();
    this.states.forgetRestWritten();
    for (const [id, state] of Object.entries(states)) this.setState(id, state);
    if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
    await this.listen(host, port);
  }

  async shutdown(): Promise<void> {
    await this.close();
    this.clock.stop();
  }

  /** Write a state as a person or an integration would (fires state_changed when something changed). */
  setState(entityId: string, state: string, attributes?: Attributes, userId: string | null = null): HaState {
    const current = this.states.get(entityId);
    return this.states.set(entityId, state, attributes ?? (current ? { ...current.attributes } : {}), { context: this.newContext(userId) });
  }
}
