import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import type { RecomputeService } from '../../services/recompute.js';
import type { SchedulesService } from '../../services/schedules.js';
import { currentUser } from '../authenticate.js';

/**
 * Schedules, mounted under /api/v1. The two single-schedule reads accept a device token
 *: a device reads only its bound appliance.
 */
export function schedulesRouter(deps: {
  schedules: SchedulesService;
  recompute: RecomputeService;
  requireUser: RequestHandler;
  requireUserOrDevice: RequestHandler;
  now: Clock;
}): Router {
  const { schedules, recompute, requireUser, requireUserOrDevice, now } = deps;
  const r = Router();
  const device = (req: Express.Request) => (req.device ? { applianceId: req.device.applianceId } : undefined);

  r.get('/schedule', requireUserOrDevice, async (req, res) => {
    res.json(await schedules.hvacSchedule(currentUser(req).id, req.query.appliance_id, device(req), now()));
  });

  r.get('/appliances/:applianceId/schedule', requireUserOrDevice, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    res.json(await schedules.applianceSchedule(currentUser(req).id, applianceId, device(req), now()));
  });

  r.get('/schedules', requireUser, async (req, res) => {
    res.json(await schedules.view(currentUser(req).id, now()));
  });

  r.post('/schedule/recompute', requireUser, async (req, res) => {
    res.json(await recompute.recompute(currentUser(req).id, now()));
  });

  r.get('/schedules/history', requireUser, async (req, res) => {
    const { appliance_id, start, end } = req.query;
    res.json(await schedules.history(currentUser(req).id, { appliance_id, start, end }, now()));
  });

  r.get('/schedules/updated-at', requireUser, async (req, res) => {
    res.json(await schedules.updatedAt(currentUser(req).id, now()));
  });

  return r;
}
