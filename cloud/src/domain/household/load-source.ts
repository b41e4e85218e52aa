// Which household load the plans use: measured once enough days are, else the one the
// user set, else the typical profile. docs/home-plan.md.
import { TYPICAL_HOUSEHOLD_LOAD_KW } from '../planning/household-load.js';

/** Where the household load comes from, strongest first. */
export const LOAD_SOURCES = ['measured', 'set', 'typical'] as const;
export type LoadSource = (typeof LOAD_SOURCES)[number];

export interface HouseholdLoad {
  source: LoadSource;
  loadKw48: number[];
  daysMeasured: number;
}

/** Measured (when it has a profile) wins, then set, then typical. */
export function chooseHouseholdLoad(measured: { loadKw48: number[] | null; daysMeasured: number }, set: readonly number[] | null): HouseholdLoad {
  if (measured.loadKw48) return { source: 'measured', loadKw48: [...measured.loadKw48], daysMeasured: measured.daysMeasured };
  if (set && set.length === 48) return { source: 'set', loadKw48: [...set], daysMeasured: measured.daysMeasured };
  return { source: 'typical', loadKw48: [...TYPICAL_HOUSEHOLD_LOAD_KW], daysMeasured: measured.daysMeasured };
}
