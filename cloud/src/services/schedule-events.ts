import { EventEmitter } from 'node:events';
import { log } from '../log.js';

type Listener = (userId: string, applianceIds: string[]) => void | Promise<void>;

/**
 * In-process notifications that new schedule rows were stored for an account, published after
 * the transaction that wrote them committed. The device service subscribes to tell a satellite
 * bound to one of these appliances to re-pull its schedule (`schedule_updated`).
 */
export class ScheduleEvents {
  private readonly emitter = new EventEmitter();
  private readonly running = new Set<Promise<void>>();

  /** Publishes the appliances of one account that got a new schedule row. */
  schedulesWritten(userId: string, applianceIds: readonly string[]): void {
    if (applianceIds.length > 0) this.emitter.emit('written', userId, [...applianceIds]);
  }

  /**
   * Subscribes; returns the unsubscribe function. A listener's failure (thrown or rejected) is
   * logged and stops nothing; a listener returning a promise is awaited by settled().
   */
  subscribe(listener: Listener): () => void {
    const fail = (err: unknown, userId: string) => log('schedule-events').error({ err, userId }, 'schedulesWritten listener failed');
    const safe = (userId: string, applianceIds: string[]) => {
      try {
        const result = listener(userId, applianceIds);
        if (!result) return;
        const tracked: Promise<void> = result.catch((err: unknown) => fail(err, userId)).finally(() => this.running.delete(tracked));
        this.running.add(tracked);
      } catch (err) {
        fail(err, userId);
      }
    };
    this.emitter.on('written', safe);
    return () => this.emitter.off('written', safe);
  }

  /** Resolves when the listeners' work started so far is done (shutdown, tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
