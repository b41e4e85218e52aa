// The WebSocket commands (core websocket_api/commands.py) and their schemas.
import type { SimCore } from '../core.js';
import { HomeAssistantError, ServiceNotFound, ServiceValidationError } from '../errors.js';
import { deepEqual } from '../json.js';
import { ENTITY_SERVICE_FIELDS, type ServiceRegistry } from '../services/registry.js';
import type { StateHistory } from '../history.js';
import type { HaState } from '../states.js';
import { HISTORY_COMMANDS } from './history-command.js';
import { Invalid, invalidText, literal, positiveInt, validateMapping, vBool, vDict, vStr, cvString, type Fields, type Validator } from '../validation.js';
import { compressedState, stateDiff } from './compressed.js';
import type { WsConnection } from './connection.js';
import { ERR, errorMessage, eventMessage, resultMessage, type Json } from './messages.js';

export interface ServiceCallRecord {
  /** Simulated time of the call, ms since the epoch. */
  at: number;
  domain: string;
  service: string;
  service_data: Record<string, unknown> | undefined;
  target: Record<string, unknown> | undefined;
  return_response: boolean;
  /** The context of the call (null when the message failed its schema). */
  context_id: string | null;
  /** null on success, else the error code sent back. */
  error: string | null;
}

export interface CommandDeps {
  sim: SimCore;
  registry: ServiceRegistry;
  config: () => Json;
  history: StateHistory;
  /** Home Assistant's time zone (naive times in history requests are in it). */
  timeZone: () => string;
  user: () => Json;
  recordCall: (record: ServiceCallRecord) => void;
}

export interface Command {
  schema?: (msg: Json) => Json;
  handler: (conn: WsConnection, msg: Json, deps: CommandDeps) => void;
}

/** BASE_COMMAND_MESSAGE_SCHEMA.extend({type: <name>, ...fields}) */
export function schema(type: string, fields: Fields = {}): (msg: Json) => Json {
  return (msg) => validateMapping(msg, { id: { required: true, validate: positiveInt }, type: { required: true, validate: literal(type) }, ...fields });
}

/** The nested schema {str: int}. */
const featuresDict: Validator = (v) => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Invalid('expected a dictionary');
  const d = v as Record<string, unknown>;
  for (const [k, value] of Object.entries(d)) {
    if (typeof value !== 'number' || !Number.isInteger(value)) throw new Invalid('expected int', [k], 'dictionary value');
  }
  return d;
};

const targetFields: Validator = (v) => validateMapping(v, ENTITY_SERVICE_FIELDS);

const entityIdList: Validator = (v) => {
  const list = typeof v === 'string' ? v.split(',').map((s) => s.trim()) : v;
  if (!Array.isArray(list) || !list.every((s) => typeof s === 'string')) throw new Invalid('Entity IDs should be a comma separated string or a list');
  return list.map((s: string) => s.toLowerCase());
};

function stateChangedFor(entityIds: Set<string> | null, send: (event: Json) => void) {
  return (event: { data: Record<string, unknown> }) => {
    const entityId = event.data.entity_id as string;
    if (entityIds && !entityIds.has(entityId)) return;
    const old = event.data.old_state as HaState | null;
    const next = event.data.new_state as HaState | null;
    if (next === null) send({ r: [entityId] });
    else if (old === null) send({ a: { [entityId]: compressedState(next) } });
    else send({ c: { [entityId]: stateDiff(old, next, deepEqual) } });
  };
}

export const COMMANDS: Record<string, Command> = {
  supported_features: {
    schema: schema('supported_features', { features: { required: true, validate: featuresDict } }),
    handler: (conn, msg) => {
      conn.canCoalesce = Object.hasOwn(msg.features as object, 'coalesce_messages');
      conn.send(resultMessage(msg.id));
    },
  },
  ping: {
    schema: schema('ping'),
    handler: (conn, msg) => conn.send({ id: msg.id, type: 'pong' }),
  },
  get_states: {
    schema: schema('get_states'),
    handler: (conn, msg, { sim }) => conn.send(resultMessage(msg.id, sim.states.all())),
  },
  get_config: {
    schema: schema('get_config'),
    handler: (conn, msg, { config }) => conn.send(resultMessage(msg.id, config())),
  },
  get_services: {
    schema: schema('get_services'),
    handler: (conn, msg, { registry }) => conn.send(resultMessage(msg.id, registry.describe())),
  },
  'auth/current_user': {
    schema: schema('auth/current_user'),
    handler: (conn, msg, { user }) => conn.send(resultMessage(msg.id, user())),
  },
  subscribe_events: {
    schema: schema('subscribe_events', { event_type: { validate: vStr } }),
    handler: (conn, msg, { sim }) => {
      const id = msg.id as number;
      const eventType = (msg.event_type as string | undefined) ?? null;
      const unsub = sim.bus.listen(eventType === '*' ? null : eventType, (event) => conn.send(eventMessage(id, event)));
      conn.subscriptions.set(id, unsub);
      conn.send(resultMessage(id));
    },
  },
  unsubscribe_events: {
    schema: schema('unsubscribe_events', { subscription: { required: true, validate: positiveInt } }),
    handler: (conn, msg) => {
      const sub = msg.subscription as number;
      const unsub = conn.subscriptions.get(sub);
      if (!unsub) return conn.send(errorMessage(msg.id, ERR.NOT_FOUND, 'Subscription not found.'));
      conn.subscriptions.delete(sub);
      unsub();
      conn.send(resultMessage(msg.id));
    },
  },
  subscribe_entities: {
    schema: schema('subscribe_entities', {
      entity_ids: { validate: entityIdList },
      include: { validate: vDict },
      exclude: { validate: vDict },
    }),
    handler: (conn, msg, { sim }) => {
      const id = msg.id as number;
      const filter = Array.isArray(msg.entity_ids) ? new Set(msg.entity_ids as string[]) : null;
      // The listener starts before the snapshot is taken, with nothing in between, so no change is missed.
      const unsub = sim.bus.listen(
        'state_changed',
        stateChangedFor(filter, (event) => conn.send(eventMessage(id, event))),
      );
      conn.subscriptions.set(id, unsub);
      conn.send(resultMessage(id));
      const snapshot: Json = {};
      for (const state of sim.states.all()) if (!filter || filter.has(state.entity_id)) snapshot[state.entity_id] = compressedState(state);
      conn.send(eventMessage(id, { a: snapshot }));
    },
  },
  fire_event: {
    schema: schema('fire_event', { event_type: { required: true, validate: cvString }, event_data: { validate: vDict } }),
    handler: (conn, msg, { sim }) => {
      const context = sim.newContext(sim.userId);
      sim.bus.fire(msg.event_type as string, (msg.event_data as Json | undefined) ?? {}, context, sim.nowUs());
      conn.send(resultMessage(msg.id, { context }));
    },
  },
  call_service: {
    // Validated in the handler so that a malformed call is logged in serviceCalls too.
    handler: (conn, raw, deps) => {
      let msg: Json;
      try {
        msg = callServiceSchema(raw);
      } catch (e) {
        deps.recordCall({
          at: deps.sim.nowMs(),
          domain: String(raw.domain),
          service: String(raw.service),
          service_data: raw.service_data as Record<string, unknown> | undefined,
          target: raw.target as Record<string, unknown> | undefined,
          return_response: raw.return_response === true,
          context_id: null,
          error: ERR.INVALID_FORMAT,
        });
        throw e;
      }
      void callService(conn, msg, raw, deps);
    },
  },
  ...HISTORY_COMMANDS,
};

const callServiceSchema = schema('call_service', {
  domain: { required: true, validate: vStr },
  service: { required: true, validate: vStr },
  target: { validate: targetFields },
  service_data: { validate: vDict },
  return_response: { validate: vBool, default: false },
});

async function callService(conn: WsConnection, msg: Json, raw: Json, { sim, registry, recordCall }: CommandDeps): Promise<void> {
  const context = sim.newContext(sim.userId);
  const returnResponse = msg.return_response === true;
  const record: ServiceCallRecord = {
    at: sim.nowMs(),
    domain: msg.domain as string,
    service: msg.service as string,
    service_data: raw.service_data as Record<string, unknown> | undefined,
    target: raw.target as Record<string, unknown> | undefined,
    return_response: returnResponse,
    context_id: context.id,
    error: null,
  };
  let reply: Json;
  try {
    const response = await registry.call(
      record.domain,
      record.service,
      msg.service_data as Record<string, unknown> | undefined,
      msg.target as Record<string, unknown> | undefined,
      returnResponse,
      context,
    );
    const result: Json = { context };
    if (returnResponse) result.response = response;
    reply = resultMessage(msg.id, result);
  } catch (e) {
    reply = callError(msg, e);
    record.error = (reply.error as Json).code as string;
  }
  recordCall(record);
  conn.send(reply);
}

function callError(msg: Json, e: unknown): Json {
  if (e instanceof ServiceNotFound) {
    if (e.domain === msg.domain && e.service === msg.service) {
      return errorMessage(msg.id, ERR.NOT_FOUND, `Service ${e.domain}.${e.service} not found.`, e);
    }
    return errorMessage(
      msg.id,
      ERR.HOME_ASSISTANT_ERROR,
      `Service ${msg.domain}.${msg.service} called service ${e.domain}.${e.service} which was not found.`,
      e,
    );
  }
  if (e instanceof Invalid) return errorMessage(msg.id, ERR.INVALID_FORMAT, invalidText(e));
  if (e instanceof ServiceValidationError) return errorMessage(msg.id, ERR.SERVICE_VALIDATION_ERROR, `Validation error: ${e.message}`, e);
  if (e instanceof HomeAssistantError) return errorMessage(msg.id, ERR.HOME_ASSISTANT_ERROR, e.message, e);
  return errorMessage(msg.id, ERR.UNKNOWN_ERROR, e instanceof Error ? e.message : String(e));
}
