import { pino, type Logger } from 'pino';

let root: Logger = pino({ level: process.env.LOG_LEVEL || 'info' });

/** Sets the level of every logger made afterwards (called once from main with the validated config). */
export function configureLogging(level: string): void {
  root = pino({ level });
}

/** A named logger: log('http'), log('db'). One line per event, ids included, never secrets. */
export function log(name: string): Logger {
  return root.child({ name });
}
