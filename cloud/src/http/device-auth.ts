import type { Request, RequestHandler } from 'express';
import { systemClock, type Clock } from '../clock.js';
import { ExtractJwt } from 'passport-jwt';
import { DETAIL, DEVICE_DETAIL } from '../contract/index.js';
import { isDeviceToken } from '../domain/devices/tokens.js';
import { forbidden, unauthorized } from '../errors.js';
import type { BoundDevice, DevicesService } from '../services/devices.js';

/** The satellite behind a device token (set next to `req.user`, which then holds the device's owner). */
export interface DeviceContext {
  deviceId: string;
  applianceId: string;
  /** The claimed bounds; null when not supplied (pulled schedules are clamped only when both are set). */
  setpointMinF: number | null;
  setpointMaxF: number | null;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      device?: DeviceContext;
    }
  }
}

/** The bearer value of a request, or null without one (the same extraction the user JWT uses). */
export const bearerToken: (req: Request) => string | null = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * Device-token authentication. Device tokens are opaque, prefixed and stored
 * hashed; every request looks the hash up, so DELETE revokes a token at once on every instance.
 * A missing token is 401 `Not authenticated`; an unknown or revoked one (or any non-device
 * bearer) 401 `Invalid device token`; a claimed device whose appliance was deleted 403.
 */
export function createDeviceAuthenticator(devices: DevicesService, requireUser: RequestHandler, now: Clock = systemClock) {
  async function authenticate(req: Request, token: string): Promise<void> {
    const device = await devices.authenticate(token, now());
    if (!device) throw unauthorized(DEVICE_DETAIL.invalidDeviceToken);
    if (!device.applianceId) throw forbidden(DEVICE_DETAIL.deviceNotBound);
    req.user = { id: device.userId, email: device.email };
    req.device = { deviceId: device.deviceId, applianceId: device.applianceId, setpointMinF: device.setpointMinF, setpointMaxF: device.setpointMaxF };
  }

  /** Device endpoints: a device token only. */
  const requireDevice: RequestHandler = async (req, _res, next) => {
    const token = bearerToken(req);
    if (!token) throw unauthorized(DETAIL.notAuthenticated);
    if (!isDeviceToken(token)) throw unauthorized(DEVICE_DETAIL.invalidDeviceToken);
    await authenticate(req, token);
    next();
  };

  /** Endpoints open to both: a device token sets req.device and req.user; anything else goes to the user authenticator. */
  const requireUserOrDevice: RequestHandler = async (req, res, next) => {
    const token = bearerToken(req);
    if (!token || !isDeviceToken(token)) return requireUser(req, res, next);
    await authenticate(req, token);
    next();
  };

  return { requireDevice, requireUserOrDevice };
}

/** The device of a request behind requireDevice, with its owner. */
export function currentDevice(req: Request): BoundDevice {
  if (!req.device || !req.user) throw unauthorized(DETAIL.notAuthenticated);
  return { deviceId: req.device.deviceId, userId: req.user.id, applianceId: req.device.applianceId };
}
