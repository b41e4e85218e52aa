import type { RequestHandler, Response } from 'express';

/**
 * Whether this instance is draining: about to stop, so the load balancer should send its traffic
 * to the others. While draining, `/readyz` answers 503 (the balancer's health check takes the
 * instance out of rotation) and every response, including those of requests already in flight,
 * closes its connection, so no keep-alive connection is left for a proxy to reuse when the listener
 * closes. docs/deployment.md "Rolling out a version".
 */
export function createDrain() {
  let draining = false;
  const inFlight = new Set<Response>();
  const closeAfter = (res: Response) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };

  const middleware: RequestHandler = (_req, res, next) => {
    if (draining) closeAfter(res);
    else {
      inFlight.add(res);
      res.once('close', () => inFlight.delete(res));
    }
    next();
  };

  return {
    isDraining: () => draining,
    /** Starts draining (once; there is no way back: the instance is stopping). */
    start(): void {
      if (draining) return;
      draining = true;
      for (const res of inFlight) closeAfter(res);
      inFlight.clear();
    },
    middleware,
  };
}

export type Drain = ReturnType<typeof createDrain>;
