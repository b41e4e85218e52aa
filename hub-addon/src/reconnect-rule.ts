// Who changed an entity while the add-on was away from Home Assistant: the rule applied once, to
// the fresh states that arrive after a reconnect (docs/hub-addon.md, "Never fighting a person").
// Live, every change is seen as it happens and any write that is not ours counts as a person's;
// after an outage only the last write survives, so the add-on compares the entity with what it
// last wrote and what the plan says, and gives the slot to a person only on evidence. Around a
// (re)connection, a write without a user is Home Assistant starting: integrations restore or
// reset their devices (a charger comes back off), which is no person's choice.

/** How long before and after the add-on (re)connects a write without a user is taken for Home Assistant starting. */
export const START_WINDOW_MS = 5 * 60_000;

/** A write that names no user, made within START_WINDOW_MS of the (re)connection at `connectedMs`. */
export function isStartupWrite(hasUser: boolean, changedMs: number, connectedMs: number): boolean {
  return !hasUser && Math.abs(changedMs - connectedMs) <= START_WINDOW_MS;
}

/** What the add-on does with one entity after a reconnect. */
export type ReconnectOutcome =
  /** It still shows the add-on's last write of this slot: nothing to do. */
  | 'as written'
  /** A person changed it inside the current slot: left alone until the next one. */
  | 'person'
  /** Anything else: the current slot is applied (a call only when the entity is not already there). */
  | 'apply';

export interface ReconnectFacts {
  /** The add-on's last write (or check) belongs to the current slot and the entity still shows it. */
  showsOwnWrite: boolean;
  /** The entity already shows what the plan wants in the current slot. */
  showsPlan: boolean;
  /** The entity's last write came from one of the add-on's own calls. */
  isOwnContext: boolean;
  /** That write names a user (context.user_id): someone signed in to Home Assistant. */
  hasUser: boolean;
  /** When the entity was last written (last_updated), ms; null when unknown. */
  changedMs: number | null;
  /** Start of the current slot, ms. */
  slotStartMs: number;
  /** When the add-on last wrote (or checked) the entity in the current slot, ms; null when it has not in this slot. */
  writtenInSlotMs: number | null;
  /** When the add-on got the fresh states, ms. */
  reconnectedMs: number;
}

/**
 * A person's change is one made inside the current slot that is not the add-on's own nor Home
 * Assistant starting: after the add-on's write of this slot (any other write, as live), or, when the
 * add-on has not written in this slot (the boundary passed during the outage), only a write that
 * names a user. A change from before the slot's start ended with the slot, like a live override.
 */
export function reconnectOutcome(f: ReconnectFacts): ReconnectOutcome {
  if (f.showsOwnWrite) return 'as written';
  if (f.showsPlan || f.isOwnContext || f.changedMs === null || f.changedMs < f.slotStartMs) return 'apply';
  if (isStartupWrite(f.hasUser, f.changedMs, f.reconnectedMs)) return 'apply';
  if (f.writtenInSlotMs !== null) return f.changedMs > f.writtenInSlotMs ? 'person' : 'apply';
  return f.hasUser ? 'person' : 'apply';
}
