// The request log: every response carries an X-Request-Id, and every request is logged once it is
// answered, with that id, its method and URL (tokens masked), status and duration: at info, or at
// error when it failed. It replaces pino-http, which built a child logger per request (the request
// serialized into the child's bindings) even when the level wrote nothing: about 3 % of the
// cloud's CPU (docs/performance.md). Here a request costs a line only when the line is written,
// and `req.log`, the request's own logger for the error middleware, is made on first use.
import { randomUUID } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id, also sent back as X-Request-Id. */
    id: string;
    /** A logger whose lines carry the request (`req: { id, method, url }`); made on first use. */
    readonly log: Logger;
  }
}

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** What a request's lines say about it; a token in the query string is masked. */
export const requestFields = (req: Request) => ({ id: req.id, method: req.method, url: req.originalUrl.replace(/token=[^&]+/g, 'token=***') });

/** Installs `req.log` on the app's requests and returns the middleware that ids and logs each request. */
export function requestLogging(app: Express, logger: Logger): RequestHandler {
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request): Logger {
      const child = logger.child({ req: requestFields(this) });
      Object.defineProperty(this, 'log', { value: child });
      return child;
    },
  });
  const writesFailures = logger.isLevelEnabled('error');
  const writesAll = logger.isLevelEnabled('info');
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    req.id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    if (writesFailures) logWhenAnswered(req, res, logger, writesAll);
    next();
  };
}

/** One line when the response ends (or the connection closes first): info, or error for a 5xx or a stream error. */
function logWhenAnswered(req: Request, res: Response, logger: Logger, writesAll: boolean): void {
  const startedMs = Date.now();
  const done = (err?: unknown) => {
    res.off('finish', done).off('close', done).off('error', done);
    const failed = err !== undefined || res.statusCode >= 500;
    if (!failed && !writesAll) return;
    const fields = { req: requestFields(req), res: { status: res.statusCode }, responseTime: Date.now() - startedMs };
    if (failed) logger.error({ ...fields, err: err ?? { message: `failed with status code ${res.statusCode}` } }, 'request errored');
    else logger.info(fields, !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted');
  };
  res.on('finish', done).on('close', done).on('error', done);
}
