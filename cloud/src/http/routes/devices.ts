import { Router, type RequestHandler, type Response } from 'express';
import type { Clock } from '../../clock.js';
import { claimRequestSchema } from '../../contract/index.js';
import { parseWait, WAIT_DETAIL } from '../../domain/devices/long-poll-wait.js';
import { badRequest } from '../../errors.js';
import type { DeviceCommandsService, HandOver } from '../../services/device-commands.js';
import type { DevicesService } from '../../services/devices.js';
import { currentUser } from '../authenticate.js';
import { currentDevice } from '../device-auth.js';
import { validate } from '../validate.js';

/** The services and authenticators the devices router is built with. */
export interface DevicesRouterDeps {
  devices: DevicesService;
  deviceCommands: DeviceCommandsService;
  requireUser: RequestHandler;
  requireDevice: RequestHandler;
  /** The service's clock (clock.ts). */
  now: Clock;
}

/**
 * The satellite claim flow, device plane and user commands; mounted under /api/v1.
 * Each route carries its own authenticator: user, device, or none for the claim.
 */
export function devicesRouter(deps: DevicesRouterDeps): Router {
  const { devices, deviceCommands, requireUser, requireDevice, now } = deps;
  const r = Router();

  r.post('/devices/enroll-token', requireUser, async (req, res) => {
    res.json(await devices.createEnrollToken(currentUser(req).id, now()));
  });

  r.post('/devices/claim', async (req, res) => {
    res.json(await devices.claim(validate(claimRequestSchema, req.body), now()));
  });

  r.get('/devices', requireUser, async (req, res) => {
    res.json(await devices.list(currentUser(req).id));
  });

  r.get('/devices/config', requireDevice, async (req, res) => {
    res.json(await devices.config(currentDevice(req), now()));
  });

  r.get('/devices/commands', requireDevice, async (req, res) => {
    const waitS = parseWait(req.query.wait);
    if (waitS === null) throw badRequest(WAIT_DETAIL);
    const gone = new AbortController();
    const onClose = () => gone.abort();
    res.once('close', onClose);
    const isLive = () => !gone.signal.aborted && !req.socket.destroyed && !res.writableEnded;
    const handed = await deviceCommands.poll(currentDevice(req), waitS, { isLive, signal: gone.signal });
    res.off('close', onClose);
    if (handed === null) return; // the client left while parked: nothing was handed over
    sendCommands(res, handed);
  });

  r.post('/devices/state', requireDevice, async (req, res) => {
    res.json(await deviceCommands.reportState(currentDevice(req), req.body, now()));
  });

  r.delete('/devices/:deviceId', requireUser, async (req, res) => {
    const { deviceId } = req.params as { deviceId: string };
    await devices.remove(currentUser(req).id, deviceId);
    res.status(204).end();
  });

  r.post('/appliances/:applianceId/command', requireUser, async (req, res) => {
    const { applianceId } = req.params as { applianceId: string };
    res.status(202).json(await deviceCommands.enqueueControl(currentUser(req).id, applianceId, req.body));
  });

  return r;
}

/**
 * Answers a poll. The commands' delivered mark commits once the answer is handed to the connection
 * ('finish'); should the connection die before that ('close' first), it is rolled back and the
 * commands go to the next poll. An instance killed in between never commits it either.
 */
function sendCommands(res: Response, handed: HandOver): void {
  if (handed.commands.length > 0) {
    res.once('finish', () => void handed.written());
    res.once('close', () => {
      if (!res.writableFinished) void handed.abandoned(); // put back, retried until stored
    });
  }
  res.json(handed.commands);
}
