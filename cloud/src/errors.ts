/** The one error class of the service: an HTTP status and the `detail` users see. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    /** A string, except that a 422 may carry a structured detail (e.g. a list of field issues). */
    readonly detail: unknown,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : JSON.stringify(detail));
    this.name = 'AppError';
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail: string) => new AppError(401, detail);
export const forbidden = (detail: string) => new AppError(403, detail);
export const notFound = (detail: string) => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const unprocessable = (detail: string) => new AppError(422, detail);
export const tooManyRequests = (detail: string, retryAfterS?: number) => new AppError(429, detail, retryAfterS ? { 'Retry-After': String(retryAfterS) } : {});
export const serviceUnavailable = (detail: string) => new AppError(503, detail);

// The store's errors (docs/store.md): what a database failure means to a use case, without the
// driver's classes. The store throws them; services and the error middleware catch them.

/**
 * The database cannot be reached right now (refused or lost connection, a server shutting down,
 * no free connection). Retryable: the error middleware answers 503 `Database unavailable`.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Database unavailable: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** A write named a row that no longer exists (a foreign-key violation), e.g. an appliance deleted between a check and the write. */
export class MissingReferenceError extends Error {
  constructor(cause: unknown) {
    super(`Referenced row missing: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'MissingReferenceError';
  }
}
