import { DETAIL, DEVICE_DETAIL, type ClaimRequest, type ClaimResponse, type Device, type DeviceConfig, type EnrollToken } from '../contract/index.js';
import { effectiveTimeZone } from '../domain/account-time-zone.js';
import { claimIssue } from '../domain/devices/claim-checks.js';
import { claimedBounds, setpointRange } from '../domain/devices/setpoint-range.js';
import { DEVICE_TOKEN_PREFIX, ENROLL_TOKEN_PREFIX, ENROLL_TOKEN_TTL_MS } from '../domain/devices/tokens.js';
import { comfortBand } from '../domain/preferences/comfort-band.js';
import { nextTransition, utcOffsetMinutes } from '../domain/time/slot-grid.js';
import { AppError, badRequest, conflict, MissingReferenceError, notFound, unauthorized } from '../errors.js';
import type { Store } from '../store/index.js';
import type { AppliancesService } from './appliances.js';
import type { PlanningEvents } from './planning-events.js';
import type { PreferencesService } from './preferences.js';
import type { ProfilesService } from './profiles.js';
import { hashToken, newOpaqueToken } from './secrets.js';

/** A device token's holder: the device, its owner and its binding. */
export interface AuthenticatedDevice {
  deviceId: string;
  userId: string;
  email: string;
  /** Null when the bound appliance was deleted: the token then gets 403. */
  applianceId: string | null;
  /** The claimed setpoint bounds, null when not supplied (schedules are clamped only when both are set). */
  setpointMinF: number | null;
  setpointMaxF: number | null;
}

/** A device with an appliance: what the device-plane use cases act for. */
export interface BoundDevice {
  deviceId: string;
  userId: string;
  applianceId: string;
}

/** Config keys the satellite reports at claim time; a re-claim replaces them on the former appliance. */
const SATELLITE_CONFIG_KEYS = ['hvac_type', 'ir_protocol', 'setpoint_min_f', 'setpoint_max_f'] as const;

/**
 * last_seen_at is refreshed at most this often by ordinary calls: a long-polling device calls
 * about every minute, and a write per poll would be most of the database work of a parked fleet.
 * Link health calls a satellite silent after 30 minutes, far above this.
 */
const LAST_SEEN_RESOLUTION_MS = 5 * 60_000;

/** The intervals GET /devices/config hands out (config variables; defaults 3600, 300, 50). */
export interface DeviceIntervals {
  readingPushIntervalS: number;
  captureIntervalS: number;
  commandPollWaitS: number;
}

/** What the devices service is wired with. */
export interface DevicesDeps {
  appliances: AppliancesService;
  profiles: ProfilesService;
  preferences: PreferencesService;
  planningEvents: PlanningEvents;
  intervals: DeviceIntervals;
}

/** Claim codes, claims, the device list and unclaiming, device-token lookup and the device config. */
export function createDevicesService(store: Store, deps: DevicesDeps) {
  const { appliances, profiles, preferences, planningEvents, intervals } = deps;

  return {
    /** POST /devices/enroll-token: a single-use claim code valid 15 minutes; only its hash is kept. */
    async createEnrollToken(userId: string, now: Date): Promise<EnrollToken> {
      const token = newOpaqueToken(ENROLL_TOKEN_PREFIX);
      const expiresAt = new Date(now.getTime() + ENROLL_TOKEN_TTL_MS);
      try {
        await store.enrollTokens.insert({ userId, tokenHash: hashToken(token), expiresAt });
      } catch (err) {
        if (err instanceof MissingReferenceError) throw unauthorized(DETAIL.invalidToken); // account deleted since the token was issued
        throw err;
      }
      return { enroll_token: token, expires_at: expiresAt.toISOString() };
    },

    /**
     * POST /devices/claim, after the field checks (400). Then in order: hvac_type and range (422),
     * the code (400 unknown, used, expired), the device_id (409), the free tier (403). The code
     * is checked before the device_id so that only a holder of a valid code learns whether a
     * serial is claimed. One transaction: any failure leaves the code unused and nothing stored.
     */
    async claim(body: ClaimRequest, now: Date): Promise<ClaimResponse> {
      const issue = claimIssue(body);
      if (issue) throw new AppError(422, issue);
      // The HVAC config of a satellite: no entity_id; the fields passed the checks above.
      const config: Record<string, unknown> = {
        hvac_type: body.hvac_type,
        ...(body.ir_protocol !== undefined && { ir_protocol: body.ir_protocol }),
        ...(body.setpoint_min_f !== undefined && { setpoint_min_f: body.setpoint_min_f }),
        ...(body.setpoint_max_f !== undefined && { setpoint_max_f: body.setpoint_max_f }),
      };
      const deviceToken = newOpaqueToken(DEVICE_TOKEN_PREFIX);

      const bound = await store.transaction(async (transaction) => {
        const code = await store.enrollTokens.lockByHash(hashToken(body.enroll_token), transaction);
        if (!code) throw badRequest(DEVICE_DETAIL.invalidEnrollToken);
        if (code.used_at) throw badRequest(DEVICE_DETAIL.enrollTokenUsed);
        if (new Date(code.expires_at).getTime() <= now.getTime()) throw badRequest(DEVICE_DETAIL.enrollTokenExpired);
        const userId = code.user_id;
        const existing = await store.devices.lockById(body.device_id, transaction);
        if (existing?.claimed_at) throw conflict(DEVICE_DETAIL.deviceAlreadyClaimed);
        // The same account re-claiming gets its former appliance back (no second HVAC).
        const former =
          existing && existing.user_id === userId && existing.appliance_id
            ? await store.appliances.findOwned(userId, existing.appliance_id, { transaction })
            : null;
        let applianceId: string;
        if (former) {
          const kept = Object.fromEntries(Object.entries(former.config).filter(([key]) => !(SATELLITE_CONFIG_KEYS as readonly string[]).includes(key)));
          await store.devices.updateApplianceConfig(former.id, { ...kept, ...config }, transaction);
          applianceId = former.id;
        } else {
          applianceId = (await appliances.insertWithinTier(userId, { type: 'hvac', name: body.name.trim(), config }, transaction)).id;
        }
        const claimed = await store.devices.claim({ deviceId: body.device_id, userId, applianceId, tokenHash: hashToken(deviceToken), now }, transaction);
        if (!claimed) throw conflict(DEVICE_DETAIL.deviceAlreadyClaimed); // a concurrent claim of a new device_id won
        await store.enrollTokens.markUsed(code.id, now, transaction);
        return { userId, applianceId };
      });
      planningEvents.changed(bound.userId, 'appliances');
      return { device_token: deviceToken, appliance_id: bound.applianceId, device_id: body.device_id };
    },

    /** GET /devices: the caller's claimed devices, oldest claim first. */
    async list(userId: string): Promise<Device[]> {
      return (await store.devices.listClaimed(userId)).map((row) => ({
        device_id: row.device_id,
        appliance_id: row.appliance_id,
        appliance_name: row.appliance_name,
        mode: 'standalone',
        firmware_version: row.firmware_version,
        last_seen_at: row.last_seen_at ? new Date(row.last_seen_at).toISOString() : null,
        rssi: row.rssi,
        claimed_at: new Date(row.claimed_at).toISOString(),
      }));
    },

    /**
     * DELETE /devices/{device_id}: unclaims (the token stops matching at once) and drops the
     * device's undelivered commands; the appliance and its history stay. 404 for a device that is
     * missing, not claimed or another user's.
     */
    async remove(userId: string, deviceId: string): Promise<void> {
      const removed = await store.transaction(async (transaction) => {
        if (!(await store.devices.unclaim(userId, deviceId, transaction))) return false;
        await store.commands.deletePending(deviceId, transaction);
        return true;
      });
      if (!removed) throw notFound(DEVICE_DETAIL.deviceNotFound);
    },

    /** The holder of a device token, or null for an unknown or revoked one; records the contact. */
    async authenticate(token: string, now: Date): Promise<AuthenticatedDevice | null> {
      const row = await store.devices.findByTokenHash(hashToken(token));
      if (!row) return null;
      const lastSeenMs = row.last_seen_at ? new Date(row.last_seen_at).getTime() : 0;
      if (now.getTime() - lastSeenMs >= LAST_SEEN_RESOLUTION_MS) await store.devices.recordContact(row.device_id, { now });
      const bounds = claimedBounds(row.appliance_config ?? {});
      return {
        deviceId: row.device_id,
        userId: row.user_id,
        email: row.email,
        applianceId: row.appliance_id,
        setpointMinF: bounds.minF,
        setpointMaxF: bounds.maxF,
      };
    },

    /** GET /devices/config: what the device needs to run its schedule without a time-zone database. */
    async config(device: BoundDevice, now: Date): Promise<DeviceConfig> {
      const [profile, appliance, prefs] = await Promise.all([
        profiles.ensure(device.userId),
        appliances.requireOwned(device.userId, device.applianceId),
        preferences.getUnit(device.userId, device.applianceId),
      ]);
      const timeZone = effectiveTimeZone(profile);
      const transition = nextTransition(now, timeZone);
      const range = setpointRange(appliance.config);
      const band = comfortBand(prefs);
      return {
        timezone: timeZone,
        utc_offset_minutes_now: utcOffsetMinutes(now, timeZone),
        next_transition: transition && { at_utc: transition.atUtc.toISOString(), utc_offset_minutes_after: transition.utcOffsetMinutesAfter },
        setpoint_min_f: range.minF,
        setpoint_max_f: range.maxF,
        comfort_band: { high_temps_f: band.high, low_temps_f: band.low },
        reading_push_interval_s: intervals.readingPushIntervalS,
        capture_interval_s: intervals.captureIntervalS,
        command_poll_wait_s: intervals.commandPollWaitS,
      };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
