import { Router } from 'express';
import type { Sequelize } from 'sequelize';
import { pingDatabase } from '../../store/database.js';

/** Liveness (the process answers) and readiness (the database answers too). */
export function healthRouter(db: Sequelize): Router {
  const r = Router();
  r.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  r.get('/readyz', async (_req, res) => {
    const ok = await pingDatabase(db);
    res.status(ok ? 200 : 503).json(ok ? { status: 'ready' } : { detail: 'Database unavailable' });
  });
  return r;
}
