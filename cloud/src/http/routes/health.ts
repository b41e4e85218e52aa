import { Router } from 'express';
import { DETAIL } from '../../contract/index.js';
import type { ReadinessService } from '../../services/readiness.js';

/** Liveness (the process answers) and readiness (the database answers too, and the instance is not draining). */
export function healthRouter(readiness: ReadinessService, isDraining: () => boolean = () => false): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    if (isDraining()) {
      res.status(503).json({ detail: 'Shutting down' });
      return;
    }
    const ok = await readiness.isDatabaseReachable();
    res.status(ok ? 200 : 503).json(ok ? { status: 'ready' } : { detail: DETAIL.databaseUnavailable });
  });
  return r;
}
