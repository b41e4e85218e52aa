// Which appliance an HVAC reading belongs to.

/** Who pushes: a user, or a satellite device bound to one appliance of that user. */
export interface ReadingsCaller {
  userId: string;
  /** Set for a device token: every reading belongs to this appliance. */
  boundApplianceId?: string;
}

/** The appliance a reading is stored under (null: the account has no HVAC or dehumidifier yet), or the 400 detail. */
export type ReadingTarget = { ok: true; applianceId: string | null } | { ok: false; detail: string };

export const APPLIANCE_ID_REQUIRED_DETAIL = 'appliance_id is required when the account has more than one hvac or dehumidifier appliance';

/**
 * Resolves the appliance of one reading. `candidates` are the ids of the caller's HVAC and
 * dehumidifier appliances (active or not). Without an appliance_id a single candidate is implied,
 * and with none the reading is kept unassigned so a hub that pushes before its appliance is
 * registered loses nothing. A device may only tag its own bound appliance.
 */
export function resolveReadingTarget(requested: string | undefined, candidates: readonly string[], caller: ReadingsCaller): ReadingTarget {
  const id = requested?.toLowerCase();
  if (caller.boundApplianceId !== undefined) {
    if (id === undefined || id === caller.boundApplianceId) return { ok: true, applianceId: caller.boundApplianceId };
    return { ok: false, detail: `appliance_id ${requested} is not the appliance this device is bound to` };
  }
  if (id !== undefined) {
    return candidates.includes(id)
      ? { ok: true, applianceId: id }
      : { ok: false, detail: `appliance_id ${requested} is not a hvac appliance owned by this user` };
  }
  if (candidates.length > 1) return { ok: false, detail: APPLIANCE_ID_REQUIRED_DETAIL };
  return { ok: true, applianceId: candidates[0] ?? null };
}
