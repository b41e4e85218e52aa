// subscribe_entities' compressed format (core websocket_api/messages.py): full entries for `a`,
// `+`/`-` diffs for `c`, entity ids for `r`.
import type { Context } from '../context.js';
import type { HaState } from '../states.js';

export function compressedContext(ctx: Context): string | Context {
  return ctx.parent_id === null && ctx.user_id === null ? ctx.id : { id: ctx.id, parent_id: ctx.parent_id, user_id: ctx.user_id };
}

export function compressedState(state: HaState): Record<string, unknown> {
  const out: Record<string, unknown> = {
    s: state.state,
    a: state.attributes,
    c: compressedContext(state.context),
    lc: state.lcSeconds,
  };
  if (state.lastUpdated !== state.lastChanged) out.lu = state.luSeconds;
  return out;
}

/** Core's _state_diff; an attribute that is new with the value null is sent too, so the client's map stays whole. */
export function stateDiff(old: HaState, next: HaState, equal: (a: unknown, b: unknown) => boolean): Record<string, unknown> {
  const additions: Record<string, unknown> = {};
  const diff: Record<string, unknown> = { '+': additions };
  if (old.state !== next.state) additions.s = next.state;
  if (old.lastChanged !== next.lastChanged) additions.lc = next.lcSeconds;
  else if (old.lastUpdated !== next.lastUpdated) additions.lu = next.luSeconds;
  const o = old.context;
  const n = next.context;
  let ctx: Record<string, unknown> | string | undefined;
  if (o.parent_id !== n.parent_id) ctx = { parent_id: n.parent_id };
  if (o.user_id !== n.user_id) ctx = { ...(ctx as Record<string, unknown> | undefined), user_id: n.user_id };
  if (o.id !== n.id) ctx = ctx === undefined ? n.id : { ...(ctx as Record<string, unknown>), id: n.id };
  if (ctx !== undefined) additions.c = ctx;
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next.attributes)) {
    if (!Object.hasOwn(old.attributes, key) || !equal(old.attributes[key], value)) changed[key] = value;
  }
  if (Object.keys(changed).length) additions.a = changed;
  const removed = Object.keys(old.attributes).filter((k) => !Object.hasOwn(next.attributes, k));
  if (removed.length) diff['-'] = { a: removed };
  return diff;
}
