import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import { hubEntitiesReportSchema } from '../../contract/index.js';
import type { HubEntitiesService } from '../../services/hub-entities.js';
import { currentUser } from '../authenticate.js';
import { validate } from '../validate.js';

/** The hub's entities (docs/hub-entities.md); mounted under /api/v1. */
export function hubEntitiesRouter(deps: { hubEntities: HubEntitiesService; requireUser: RequestHandler; now: Clock }): Router {
  const { hubEntities, requireUser, now } = deps;
  const r = Router();

  r.get('/hub-entities', requireUser, async (req, res) => {
    res.json(await hubEntities.list(currentUser(req).id));
  });

  r.put('/hub-entities', requireUser, async (req, res) => {
    const report = validate(hubEntitiesReportSchema, req.body);
    res.json(await hubEntities.report(currentUser(req).id, report, now()));
  });

  return r;
}
