import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import type { LinkHealthService } from '../../services/link-health.js';
import { currentUser } from '../authenticate.js';

/** GET /integration/health, mounted under /api/v1. Cheap enough to poll every 30 seconds. */
export function healthStatusRouter(deps: { linkHealth: LinkHealthService; requireUser: RequestHandler; now: Clock }): Router {
  const { now } = deps;
  const r = Router();
  r.get('/integration/health', deps.requireUser, async (req, res) => {
    res.json(await deps.linkHealth.healthFor(currentUser(req).id, now()));
  });
  return r;
}
