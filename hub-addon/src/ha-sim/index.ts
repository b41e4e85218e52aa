/**
 * Home Assistant simulator: Core's WebSocket API and REST state endpoints, for tests of the add-on.
 *
 *   const ha = await startHaSim({ fixture: 'path/to/fixture.json' | FixtureData, token: 'secret' });
 *   // or startHaSim({ house: { ...HouseOptions }, token }) for the simulated house (house/index.ts)
 *   ha.url        http://127.0.0.1:<port>   (REST: /api/states, /api/states/<id>, also under /core/api)
 *   ha.wsUrl      ws://127.0.0.1:<port>/api/websocket   (also /core/websocket, /core/api/websocket)
 *   ha.port, ha.haVersion, ha.userId
 *   ha.getState(id)                 full state object as get_states returns it, or undefined
 *   ha.setState(id, state, attrs?)  write as a person/integration would (fires state_changed); attrs
 *                                   replace the attributes as a whole, omitted keeps them
 *   ha.setAttributes(id, patch)     merge attributes, keep the state
 *   ha.seedHistory(id, [{ at, state, attributes? }])  add recorded history (at: ms) for
 *                                   history/history_during_period; written states are recorded anyway
 *   ha.removeState(id)              remove an entity (fires state_changed with new_state null)
 *   ha.callService(domain, service, data?, { userId? })  a call as another user makes it (the UI)
 *   ha.serviceCalls                 every call_service received over the WebSocket, in order
 *   ha.now()                        the simulated time (ms); ha.advance(ms) moves it and the house
 *   ha.dropConnections({ noCloseFrame? })  close every WebSocket (or cut TCP without a close frame)
 *   ha.hangConnections()            open connections go silent (no replies, no close): a half-open socket
 *   ha.connectionCount              open WebSocket connections
 *   ha.ingressUrl                  http://127.0.0.1:<port>/api/hassio_ingress/<token>/: the add-on's panel
 *   ha.setIngressTarget(url|null)   where the ingress proxy forwards (the add-on's panel server)
 *   ha.restart({ downMs?, states? }) stop, wait downMs, listen on the same port again; state kept
 *                                   (states only POST /api/states wrote are forgotten, as Core forgets
 *                                   them), and each of `states` ({ entity_id: state }) written without
 *                                   a user meanwhile, as devices that come back reset
 *   ha.stop()                       close the port (restart() may start it again)
 */
import { loadFixture, type FixtureData } from './fixture.js';
import type { HistoryPoint } from './history.js';
import { buildHouse, type HouseOptions } from './house/index.js';
import { HaSim } from './sim.js';
import type { ServiceCallRecord } from './ws/commands.js';

export type { FixtureData, FixtureEntity, FixtureConfig } from './fixture.js';
export type { ServiceCallRecord } from './ws/commands.js';
export type { HouseOptions } from './house/index.js';
export type { HistoryPoint } from './history.js';
export { loadFixture } from './fixture.js';

export interface HaSimOptions {
  /** A fixture (docs/ha-simulator.md "Fixtures") or the path of one: physics off, nothing changes by itself. */
  fixture?: FixtureData | string;
  /** The simulated house instead of a fixture (the default when no fixture is given). */
  house?: HouseOptions;
  /** Real-time interval (ms) at which the house catches up with the clock (default 1000). */
  physicsIntervalMs?: number;
  /** The access token clients must present (WebSocket auth and REST bearer). */
  token: string;
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** The base clock in ms since the epoch (default Date.now); advance(ms) adds to it. */
  clock?: () => number;
  /** How long a client may take to send its auth message (Core: 10 s). */
  authTimeoutMs?: number;
  /** WebSocket-level ping interval; an unanswered ping drops the client (Core: 55 s). */
  heartbeatMs?: number;
  /** The add-on's ingress server (http://host:port) the ingress proxy forwards to; also setIngressTarget(). */
  ingressTarget?: string;
}

export interface StateObject {
  entity_id: string;
  state: string;
  attributes: Record<string, unknown>;
  last_changed: string;
  last_reported: string;
  last_updated: string;
  context: { id: string; parent_id: string | null; user_id: string | null };
}

export interface HaSimHandle {
  readonly url: string;
  readonly wsUrl: string;
  readonly port: number;
  readonly haVersion: string;
  readonly userId: string;
  readonly serviceCalls: readonly ServiceCallRecord[];
  readonly connectionCount: number;
  readonly ingressUrl: string;
  setIngressTarget(url: string | null): void;
  getState(entityId: string): StateObject | undefined;
  getStates(): StateObject[];
  setState(entityId: string, state: string, attributes?: Record<string, unknown>): StateObject;
  setAttributes(entityId: string, patch: Record<string, unknown>): StateObject;
  removeState(entityId: string): boolean;
  seedHistory(entityId: string, points: HistoryPoint[]): void;
  callService(domain: string, service: string, data?: Record<string, unknown>, opts?: { userId?: string }): Promise<Record<string, unknown> | null>;
  now(): number;
  advance(ms: number): void;
  dropConnections(opts?: { noCloseFrame?: boolean }): void;
  hangConnections(): void;
  restart(opts?: { downMs?: number; states?: Record<string, string> }): Promise<void>;
  stop(): Promise<void>;
}

function plain(state: { toJSON(): Record<string, unknown> } | undefined): StateObject | undefined {
  return state ? (JSON.parse(JSON.stringify(state)) as StateObject) : undefined;
}

export async function startHaSim(options: HaSimOptions): Promise<HaSimHandle> {
  if (!options.token) throw new Error('startHaSim: token is required');
  if (options.fixture && options.house) throw new Error('startHaSim: give a fixture or a house, not both');
  const host = options.host ?? '127.0.0.1';
  const clock = options.clock ?? Date.now;
  const base = {
    token: options.token,
    clock,
    authTimeoutMs: options.authTimeoutMs ?? 10_000,
    heartbeatMs: options.heartbeatMs ?? 55_000,
    physicsIntervalMs: options.physicsIntervalMs ?? 1000,
  };
  let sim: HaSim;
  if (options.fixture) sim = new HaSim({ ...base, fixture: loadFixture(options.fixture) });
  else {
    const house = buildHouse(options.house, clock());
    sim = new HaSim({ ...base, fixture: house.fixture, physics: house.physics, forecast: house.forecast });
  }
  sim.ingressTarget = options.ingressTarget ?? null;
  await sim.listen(host, options.port ?? 0);
  return handleFor(sim, host);
}

function handleFor(sim: HaSim, host: string): HaSimHandle {
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    get url() {
      return sim.url.replace('127.0.0.1', urlHost);
    },
    get wsUrl() {
      return `${this.url.replace(/^http/, 'ws')}/api/websocket`;
    },
    get port() {
      return Number(new URL(sim.url).port);
    },
    get ingressUrl() {
      return `${this.url}/api/hassio_ingress/${sim.ingressToken}/`;
    },
    setIngressTarget: (url) => {
      sim.ingressTarget = url;
    },
    haVersion: sim.haVersion,
    userId: sim.userId,
    serviceCalls: sim.serviceCalls,
    get connectionCount() {
      return sim.connectionCount;
    },
    getState: (id) => plain(sim.states.get(id)),
    getStates: () => sim.states.all().map((s) => plain(s)!),
    setState: (id, state, attributes) => plain(sim.setState(id, state, attributes))!,
    setAttributes: (id, patch) => {
      const current = sim.states.get(id);
      if (!current) throw new Error(`setAttributes: no entity ${id}`);
      return plain(sim.setState(id, current.state, { ...current.attributes, ...patch }))!;
    },
    removeState: (id) => sim.states.remove(id),
    seedHistory: (id, points) => sim.history.seed(id, points),
    callService: async (domain, service, data, opts) => {
      const context = sim.newContext(opts?.userId ?? 'b3a1c0ffee0000000000000000000001');
      return sim.registry.call(domain, service, data, undefined, false, context);
    },
    now: () => sim.nowMs(),
    advance: (ms) => sim.advance(ms),
    dropConnections: (opts) => sim.dropConnections(opts),
    hangConnections: () => sim.hangConnections(),
    restart: (opts) => sim.restart(host, opts?.downMs ?? 0, opts?.states),
    stop: () => sim.shutdown(),
  };
}
