// A failed call to the cloud, as every client sees it: the HTTP status (0 when the cloud could not
// be reached: network error, timeout) and the body's `detail`, so the server's message is the one
// users and logs see. Retryable and final failures are told apart here.

export class CloudError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly path: string,
  ) {
    super(`${path}: ${status === 0 ? 'unreachable' : status} ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`);
    this.name = 'CloudError';
  }

  /** The cloud is down or busy: try again later (network, timeout, 408, 429, 5xx). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 408 || this.status === 429 || this.status >= 500;
  }

  /** The credentials or the binding are gone (401, 403): retrying cannot help. */
  get credentialsRejected(): boolean {
    return this.status === 401 || this.status === 403;
  }
}
