// Validation and merge of a PUT preferences body; pure, so every rule is
// unit-tested here and the service only maps { ok: false } to 400 { detail }.
import { pyList } from '../tariffs/rate-update.js';
import { isHhMm } from '../time/slot-grid.js';
import { OPTIMIZATION_MODES, SAVINGS_LEVELS, type StoredPreferences } from './defaults.js';
import { BODY_NOT_OBJECT_DETAIL, isPlainObject } from '../validation/plain-object.js';

/** Per-hour comfort bounds, F. */
export const HOURLY_MIN_F = 50;
export const HOURLY_MAX_F = 90;
export const BASE_TEMPERATURE_MIN_F = 60;
export const BASE_TEMPERATURE_MAX_F = 85;
const HOURS = 24;

export type PreferencesScope = 'account' | 'appliance';

export type PreferencesUpdateResult = { ok: true; next: StoredPreferences; changesPlanning: boolean } | { ok: false; detail: string };

const BOOLEAN_FIELDS = ['optimize_hvac_fan', 'optimize_hvac_mode', 'optimization_enabled', 'newsletter_opt_in'] as const;
const HIGH = 'hourly_high_temps_f';
const LOW = 'hourly_low_temps_f';

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const fail = (detail: string): PreferencesUpdateResult => ({ ok: false, detail });

/**
 * Validates a PUT body against the stored fields and returns the fields to store. Only sent fields
 * change. Rules run in the contract's order and the first failure is returned. The hourly
 * pair must END UP both set or both null: sending one array while the other is stored is fine,
 * sending one non-null array (or one null) that would leave the pair half set fails.
 * `newsletter_opt_in` exists at account scope only; per-unit bodies ignore it like unknown keys.
 * `changesPlanning` is false when the body sent nothing but newsletter_opt_in (no recompute).
 */
export function applyPreferencesUpdate(body: unknown, stored: StoredPreferences, scope: PreferencesScope): PreferencesUpdateResult {
  if (!isPlainObject(body)) return fail(BODY_NOT_OBJECT_DETAIL);
  const b = body as Record<string, unknown>;
  const sent = (key: string) => Object.hasOwn(b, key) && b[key] !== undefined;
  const next: Record<string, unknown> = { ...stored };

  if (sent('base_temperature')) {
    const v = b.base_temperature;
    if (!isFiniteNumber(v) || v < BASE_TEMPERATURE_MIN_F || v > BASE_TEMPERATURE_MAX_F) {
      return fail(`base_temperature must be between ${BASE_TEMPERATURE_MIN_F} and ${BASE_TEMPERATURE_MAX_F}`);
    }
    next.base_temperature = v;
  }
  if (sent('savings_level')) {
    if (!(SAVINGS_LEVELS as readonly unknown[]).includes(b.savings_level)) return fail('savings_level must be 1, 2 or 3');
    next.savings_level = b.savings_level;
  }
  for (const key of ['time_away', 'time_home'] as const) {
    if (!sent(key)) continue;
    const v = b[key];
    if (typeof v !== 'string' || !isHhMm(v)) return fail(`${key} must be HH:MM`);
    next[key] = v;
  }
  if (sent('optimization_mode')) {
    if (!(OPTIMIZATION_MODES as readonly unknown[]).includes(b.optimization_mode)) {
      return fail(`optimization_mode must be one of ${pyList(OPTIMIZATION_MODES)}`);
    }
    next.optimization_mode = b.optimization_mode;
  }
  const hourly = applyHourlyPair(b, sent, stored, next);
  if (hourly) return fail(hourly);
  for (const key of BOOLEAN_FIELDS) {
    if (key === 'newsletter_opt_in' && scope !== 'account') continue;
    if (!sent(key)) continue;
    if (typeof b[key] !== 'boolean') return fail(`${key} must be a boolean`);
    next[key] = b[key];
  }

  return { ok: true, next: next as StoredPreferences, changesPlanning: PLANNING_FIELDS.some(sent) };
}

/** Every field but newsletter_opt_in: sending one of them re-plans. */
const PLANNING_FIELDS = [
  'base_temperature',
  'savings_level',
  'time_away',
  'time_home',
  'optimization_mode',
  HIGH,
  LOW,
  'optimize_hvac_fan',
  'optimize_hvac_mode',
  'optimization_enabled',
];

/** Validates the hourly pair and writes it into `next`; returns the failing rule's detail, if any. */
function applyHourlyPair(b: Record<string, unknown>, sent: (key: string) => boolean, stored: StoredPreferences, next: Record<string, unknown>): string | null {
  if (!sent(HIGH) && !sent(LOW)) return null;
  const countDetail = `${HIGH} and ${LOW} must each have exactly ${HOURS} values`;
  for (const key of [HIGH, LOW]) {
    if (sent(key) && b[key] !== null && !Array.isArray(b[key])) return countDetail;
  }
  const high = (sent(HIGH) ? b[HIGH] : (stored[HIGH] ?? null)) as unknown[] | null;
  const low = (sent(LOW) ? b[LOW] : (stored[LOW] ?? null)) as unknown[] | null;
  if ((high === null) !== (low === null)) return `${HIGH} and ${LOW} must be set together or both cleared`;
  if (high === null || low === null) {
    delete next[HIGH];
    delete next[LOW];
    return null;
  }
  if (high.length !== HOURS || low.length !== HOURS) return countDetail;
  for (let i = 0; i < HOURS; i++) {
    const inRange = (v: unknown) => isFiniteNumber(v) && v >= HOURLY_MIN_F && v <= HOURLY_MAX_F;
    if (!inRange(high[i]) || !inRange(low[i])) return `hourly bands at hour ${i} must be between ${HOURLY_MIN_F} and ${HOURLY_MAX_F} F`;
  }
  for (let i = 0; i < HOURS; i++) {
    if ((low[i] as number) >= (high[i] as number)) return `hourly low must be less than high at hour ${i}`;
  }
  next[HIGH] = [...high];
  next[LOW] = [...low];
  return null;
}
