// The store's error boundary (docs/store.md): a driver error leaves the store as one of the store's
// own errors when a use case can act on it, and unchanged otherwise (a bad query stays a 500 with
// its code and table in the log). Errors thrown by a caller's callback (a transaction's body, a
// locked job) pass through untouched: they are the caller's, not the database's.
import { ForeignKeyConstraintError } from 'sequelize';
import { DatabaseUnavailableError, MissingReferenceError } from '../errors.js';
import { isDatabaseUnavailable } from './database.js';

/** The store's error for a driver error: outage -> DatabaseUnavailableError, foreign-key violation -> MissingReferenceError, else itself. */
export function translateDatabaseError(err: unknown): unknown {
  if (err instanceof DatabaseUnavailableError || err instanceof MissingReferenceError) return err;
  if (err instanceof ForeignKeyConstraintError || isRawForeignKeyViolation(err)) return new MissingReferenceError(err);
  if (isDatabaseUnavailable(err)) return new DatabaseUnavailableError(err);
  return err;
}

/** A foreign-key violation straight from `pg` (statements run through sql.ts, not Sequelize). */
const isRawForeignKeyViolation = (err: unknown) => err instanceof Error && (err as { code?: unknown }).code === '23503';

/** Errors thrown by callers' callbacks, which the translation leaves alone. */
const callerErrors = new WeakSet<object>();

/** `fn` with every error it throws marked as the caller's. */
export function asCallerCode<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T {
  return (...args) => {
    try {
      const result = fn(...args);
      return result instanceof Promise ? (result.catch((err: unknown) => Promise.reject(markCaller(err))) as T) : result;
    } catch (err) {
      throw markCaller(err);
    }
  };
}

function markCaller(err: unknown): unknown {
  if (typeof err === 'object' && err !== null) callerErrors.add(err);
  return err;
}

const translated = (err: unknown) => (typeof err === 'object' && err !== null && callerErrors.has(err) ? err : translateDatabaseError(err));

/**
 * The repository with its database errors translated: every method's rejection (or throw) goes
 * through translateDatabaseError, and a function argument (a callback run under a lock, a
 * mutation applied inside the row lock) runs as the caller's code.
 */
export function translatingErrors<R extends object>(repo: R): R {
  const wrapped: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(repo)) {
    if (typeof member !== 'function') {
      wrapped[name] = member;
      continue;
    }
    wrapped[name] = (...args: unknown[]) => {
      const callArgs = args.map((a) => (typeof a === 'function' ? asCallerCode(a as (...x: unknown[]) => unknown) : a));
      try {
        const result: unknown = member.apply(repo, callArgs);
        return result instanceof Promise ? result.catch((err: unknown) => Promise.reject(translated(err))) : result;
      } catch (err) {
        throw translated(err);
      }
    };
  }
  return wrapped as R;
}

/** Runs `work` (a store call) with its database errors translated and a caller's errors untouched. */
export async function translatingRejections<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw translated(err);
  }
}
