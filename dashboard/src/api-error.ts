/** A non-2xx answer: the status and the server's `detail`, which is what users see. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}
