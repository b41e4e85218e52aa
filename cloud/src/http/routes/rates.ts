import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import type { RatesService } from '../../services/rates.js';
import { currentUser } from '../authenticate.js';

/**
 * GET/PUT /api/v1/rates; mounted under /api/v1. The PUT body is validated by the tariff
 * domain (rules in the order of the error table; the first failure is the 400 detail).
 */
export function ratesRouter(deps: { rates: RatesService; requireUser: RequestHandler; now: Clock }): Router {
  const { rates, requireUser, now } = deps;
  const r = Router();

  r.get('/rates', requireUser, async (req, res) => {
    res.json(await rates.curve(currentUser(req).id, now()));
  });

  r.put('/rates', requireUser, async (req, res) => {
    res.json(await rates.update(currentUser(req).id, req.body ?? {}, now()));
  });

  return r;
}
