import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import { applianceReadingsRequestSchema, hvacReadingsRequestSchema } from '../../contract/index.js';
import { parseHvacReadingsFast } from '../../contract/readings-fast-path.js';
import { readingsRequestIssues } from '../../domain/readings/request-issues.js';
import { AppError } from '../../errors.js';
import type { ReadingsService } from '../../services/readings.js';
import { currentUser } from '../authenticate.js';
import { validate } from '../validate.js';

/** POST /readings (HVAC, 4.13; user or device token) and POST /appliances/{id}/readings (non-HVAC, 4.6; user only); mounted under /api/v1. */
export function readingsRouter(deps: { readings: ReadingsService; requireUser: RequestHandler; requireUserOrDevice: RequestHandler; now: Clock }): Router {
  const { readings, requireUser, requireUserOrDevice, now } = deps;
  const r = Router();

  r.post('/readings', requireUserOrDevice, async (req, res) => {
    // `client` and `indoor_source` answer 422 with a structured detail, before any 400 field check.
    const issues = readingsRequestIssues(req.body);
    if (issues.length > 0) throw new AppError(422, issues);
    const body = parseHvacReadingsFast(req.body) ?? validate(hvacReadingsRequestSchema, req.body);
    // A device's readings all belong to its bound appliance.
    const caller = { userId: currentUser(req).id, ...(req.device && { boundApplianceId: req.device.applianceId }) };
    res.status(201).json(await readings.ingestHvac(caller, body, now()));
  });

  r.post('/appliances/:applianceId/readings', requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    const body = validate(applianceReadingsRequestSchema, req.body);
    res.status(201).json(await readings.ingestForAppliance(currentUser(req).id, applianceId, body, now()));
  });

  return r;
}
