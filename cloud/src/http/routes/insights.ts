import { Router, type RequestHandler } from 'express';
import type { InsightsService } from '../../services/insights.js';
import { currentUser } from '../authenticate.js';

/** Hints per HVAC (docs/insights.md); mounted under /api/v1. */
export function insightsRouter(deps: { insights: InsightsService; requireUser: RequestHandler }): Router {
  const r = Router();
  r.get('/appliances/:applianceId/insights', deps.requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    res.json(await deps.insights.forAppliance(currentUser(req).id, applianceId));
  });
  return r;
}
