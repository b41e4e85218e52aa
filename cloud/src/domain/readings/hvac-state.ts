// The six HVAC states readings are stored under, and the aliases clients send instead
// (Home Assistant climate modes and hvac_action values). ECO and DRY stay apart from COOL: the
// thermal model and the metrics treat an economy or drying run differently from full cooling.

/** The canonical states stored on hvac_readings.hvac_state. */
export const HVAC_STATES = ['HEAT', 'COOL', 'ECO', 'DRY', 'OFF', 'FAN'] as const;
export type HvacState = (typeof HVAC_STATES)[number];

/** Fixed aliases (lower-case). `heat_cool` and `auto` are resolved from hvac_action instead. */
const ALIASES: Readonly<Record<string, HvacState>> = {
  cooling: 'COOL',
  heating: 'HEAT',
  eco_cool: 'ECO',
  dehumidify: 'DRY',
  fan_only: 'FAN',
  // `idle` alone names no mode; OFF is the one state that invents none, and it is what the
  // room did (drift without conditioning).
  idle: 'OFF',
};

/** Modes whose direction is only known from what the unit is doing right now. */
const AUTO_MODES = new Set(['heat_cool', 'auto']);

/** hvac_action values (HA) that mean the unit is heating; every other action counts as cooling. */
const HEATING_ACTIONS = new Set(['heating', 'preheating', 'defrosting']);

/** Every accepted spelling besides the canonical states, for error messages and docs. */
export const HVAC_STATE_ALIASES: readonly string[] = [...Object.keys(ALIASES), ...AUTO_MODES];

/**
 * The canonical state for a reported hvac_state (case-insensitive, trimmed), or null when it is
 * not a state or alias. `heat_cool`/`auto` become HEAT while hvac_action says the unit heats
 * (heating, preheating, defrosting) and COOL otherwise, idle included: the service plans cooling
 * first, and an auto unit at rest behaves like a satisfied cooling thermostat.
 */
export function normalizeHvacState(reported: string, hvacAction?: string | null): HvacState | null {
  const key = reported.trim().toLowerCase();
  const upper = key.toUpperCase();
  if ((HVAC_STATES as readonly string[]).includes(upper)) return upper as HvacState;
  if (AUTO_MODES.has(key)) return HEATING_ACTIONS.has((hvacAction ?? '').trim().toLowerCase()) ? 'HEAT' : 'COOL';
  return ALIASES[key] ?? null;
}

/** The 400 detail for an hvac_state that is neither a state nor an alias. */
export const HVAC_STATE_DETAIL = `hvac_state must be one of ${HVAC_STATES.join(', ')} or an alias (${HVAC_STATE_ALIASES.join(', ')})`;
