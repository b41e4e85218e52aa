import type { ErrorRequestHandler, RequestHandler } from 'express';
import { DETAIL } from '../contract/index.js';
import { AppError, DatabaseUnavailableError } from '../errors.js';

/** Unknown routes: 404 with a detail naming what was asked for. */
export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ detail: `Not found: ${req.method} ${req.path}` });
};

/** The one place that turns a thrown error into a `{ detail }` response. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const { status, detail, headers } = toResponse(err);
  if (status >= 500 && status !== 503) req.log.error({ err }, 'request failed');
  else if (status === 503) req.log.warn({ err: { message: (err as Error)?.message } }, 'service unavailable');
  if (res.headersSent) return;
  res.set(headers).status(status).json({ detail });
};

function toResponse(err: unknown): { status: number; detail: unknown; headers: Record<string, string> } {
  if (err instanceof AppError) return { status: err.status, detail: err.detail, headers: err.headers };
  const bodyParserType = (err as { type?: string })?.type;
  if (bodyParserType === 'entity.parse.failed') return plain(400, 'Malformed JSON in request body');
  if (bodyParserType === 'entity.too.large') {
    return plain(413, `Request body too large (limit ${(err as { limit?: number }).limit ?? '?'} bytes)`);
  }
  if (bodyParserType === 'encoding.unsupported' || bodyParserType === 'charset.unsupported') {
    return plain(415, 'Unsupported request body encoding');
  }
  // Any other client error of the body parser: a gzip body that does not inflate, a length that does not match.
  if (isExposedClientError(err)) return plain((err as { status: number }).status, 'Request body could not be read');
  if (err instanceof DatabaseUnavailableError) return plain(503, DETAIL.databaseUnavailable);
  return plain(500, 'Internal server error');
}

const plain = (status: number, detail: string) => ({ status, detail, headers: {} });

/** An http-errors 4xx meant for the client (the body parser's), as opposed to a fault of ours. */
function isExposedClientError(err: unknown): boolean {
  const { status, expose } = (err ?? {}) as { status?: unknown; expose?: unknown };
  return expose === true && typeof status === 'number' && status >= 400 && status < 500;
}
