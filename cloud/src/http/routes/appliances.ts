import { Router, type RequestHandler } from 'express';
import { applianceCreateSchema, applianceUpdateSchema } from '../../contract/index.js';
import type { AppliancesService } from '../../services/appliances.js';
import type { ConstraintsService } from '../../services/constraints.js';
import { currentUser } from '../authenticate.js';
import { validate } from '../validate.js';

/**
 * Appliances and their constraints; mounted under /api/v1. Each route carries its own
 * requireUser: other routers share the mount point, some with device tokens or no auth at all.
 */
export function appliancesRouter(deps: { appliances: AppliancesService; constraints: ConstraintsService; requireUser: RequestHandler }): Router {
  const { appliances, constraints, requireUser } = deps;
  const r = Router();

  r.get('/appliances', requireUser, async (req, res) => {
    res.json(await appliances.list(currentUser(req).id));
  });

  r.post('/appliances', requireUser, async (req, res) => {
    res.status(201).json(await appliances.create(currentUser(req).id, validate(applianceCreateSchema, req.body)));
  });

  r.put('/appliances/:applianceId', requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    res.json(await appliances.update(currentUser(req).id, applianceId, validate(applianceUpdateSchema, req.body)));
  });

  r.delete('/appliances/:applianceId', requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    await appliances.remove(currentUser(req).id, applianceId);
    res.status(204).end();
  });

  r.get('/appliances/:applianceId/constraints', requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    res.json(await constraints.get(currentUser(req).id, applianceId));
  });

  r.post('/appliances/:applianceId/constraints', requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    res.json(await constraints.save(currentUser(req).id, applianceId, req.body ?? {}));
  });

  return r;
}
