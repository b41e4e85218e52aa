import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import { metricsWindowQuerySchema } from '../../contract/index.js';
import type { MetricsService } from '../../services/metrics.js';
import { currentUser } from '../authenticate.js';
import { validate } from '../validate.js';

/** Customer metrics and rankings, mounted under /api/v1; the caller's own data only. */
export function metricsRouter(deps: { metrics: MetricsService; requireUser: RequestHandler; now: Clock }): Router {
  const { metrics, requireUser, now } = deps;
  const r = Router();

  r.get('/me/metrics/summary', requireUser, async (req, res) => {
    const { window } = validate(metricsWindowQuerySchema, req.query);
    res.json(await metrics.summary(currentUser(req).id, window));
  });

  r.get('/me/metrics/daily', requireUser, async (req, res) => {
    const { start, end } = req.query;
    res.json(await metrics.daily(currentUser(req).id, { start, end }, now()));
  });

  r.get('/me/metrics/day/:date', requireUser, async (req, res) => {
    const { date } = req.params as { date: string };
    res.json(await metrics.day(currentUser(req).id, date, req.query.appliance_id));
  });

  r.get('/me/metrics/ledger/:date', requireUser, async (req, res) => {
    const { date } = req.params as { date: string };
    res.json(await metrics.ledger(currentUser(req).id, date));
  });

  r.get('/me/rankings', requireUser, async (req, res) => {
    const { window } = validate(metricsWindowQuerySchema, req.query);
    res.json(await metrics.rankings(currentUser(req).id, window));
  });

  return r;
}
