// A failed cloud call. `status` 0 means the cloud could not be reached (network error, timeout).

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
}
