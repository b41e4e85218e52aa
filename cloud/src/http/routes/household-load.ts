import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import { householdLoadPutIssue, householdLoadReadingsRequestSchema } from '../../contract/index.js';
import { badRequest } from '../../errors.js';
import type { HouseholdLoadService } from '../../services/household-load.js';
import { currentUser } from '../authenticate.js';
import { validate } from '../validate.js';

/** The household's own load (docs/home-plan.md); mounted under /api/v1. */
export function householdLoadRouter(deps: { householdLoad: HouseholdLoadService; requireUser: RequestHandler; now: Clock }): Router {
  const { householdLoad, requireUser, now } = deps;
  const r = Router();

  r.get('/household-load', requireUser, async (req, res) => {
    res.json(await householdLoad.profileFor(currentUser(req).id, now()));
  });

  r.put('/household-load', requireUser, async (req, res) => {
    const issue = householdLoadPutIssue(req.body);
    if (issue) throw badRequest(issue);
    const { load_kw_48 } = req.body as { load_kw_48: number[] | null };
    res.json(await householdLoad.set(currentUser(req).id, load_kw_48 === null ? null : [...load_kw_48], now()));
  });

  r.post('/household-load/readings', requireUser, async (req, res) => {
    const body = validate(householdLoadReadingsRequestSchema, req.body);
    res.status(201).json(await householdLoad.ingest(currentUser(req).id, body, now()));
  });

  return r;
}
