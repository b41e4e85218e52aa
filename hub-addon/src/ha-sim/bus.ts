// The event bus: state_changed, call_service and any other event, fired with Core's event shape.
import type { Context } from './context.js';
import { isoFromMicros, type Micros } from './time.js';

export interface BusEvent {
  event_type: string;
  data: Record<string, unknown>;
  origin: 'LOCAL';
  time_fired: string;
  context: Context;
}

type Listener = (event: BusEvent) => void;

export class EventBus {
  private readonly listeners = new Map<string | null, Set<Listener>>();

  /** Listen to one event type, or to every event with `null`. Returns the unsubscribe function. */
  listen(eventType: string | null, fn: Listener): () => void {
    let set = this.listeners.get(eventType);
    if (!set) this.listeners.set(eventType, (set = new Set()));
    set.add(fn);
    return () => set.delete(fn);
  }

  fire(eventType: string, data: Record<string, unknown>, context: Context, at: Micros): BusEvent {
    const event: BusEvent = { event_type: eventType, data, origin: 'LOCAL', time_fired: isoFromMicros(at), context };
    for (const fn of [...(this.listeners.get(eventType) ?? []), ...(this.listeners.get(null) ?? [])]) fn(event);
    return event;
  }
}
