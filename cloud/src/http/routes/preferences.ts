import { Router, type RequestHandler } from 'express';
import type { PreferencesService } from '../../services/preferences.js';
import { currentUser } from '../authenticate.js';

/**
 * Account-level and per-HVAC preferences; mounted under /api/v1. PUT bodies are
 * validated by the preferences domain (every field optional, rules in the contract's order).
 */
export function preferencesRouter(deps: { preferences: PreferencesService; requireUser: RequestHandler }): Router {
  const { preferences, requireUser } = deps;
  const r = Router();

  r.get('/preferences', requireUser, async (req, res) => {
    res.json(await preferences.getAccount(currentUser(req).id));
  });

  r.put('/preferences', requireUser, async (req, res) => {
    res.json(await preferences.updateAccount(currentUser(req).id, req.body ?? {}));
  });

  r.get('/appliances/:applianceId/preferences', requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    res.json(await preferences.getUnit(currentUser(req).id, applianceId));
  });

  r.put('/appliances/:applianceId/preferences', requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    res.json(await preferences.updateUnit(currentUser(req).id, applianceId, req.body ?? {}));
  });

  return r;
}
