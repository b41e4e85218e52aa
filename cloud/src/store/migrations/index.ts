import { accounts } from './0001-accounts.js';
import { homeData } from './0002-home-data.js';
import { schedules } from './0003-schedules.js';
import { devices } from './0004-devices.js';
import { metrics } from './0005-metrics.js';
import { exportRates } from './0006-export-rates.js';
import { rateLimits } from './0007-rate-limits.js';
import { householdLoad } from './0008-household-load.js';
import { hubEntities } from './0009-hub-entities.js';
import { passwordResets } from './0010-password-resets.js';
import { evPlug } from './0011-ev-plug.js';
import { setpointStep } from './0012-setpoint-step.js';
import { appliancePower } from './0013-appliance-power.js';
import { hvacPower } from './0014-hvac-power.js';
import { homeLocation } from './0015-home-location.js';
import { scheduleChanges } from './0016-schedule-changes.js';

export interface Migration {
  name: string;
  /** SQL statements run in order inside one transaction. */
  up: string[];
}

/** Every migration, oldest first. Add new ones at the end; never edit one that has shipped. */
export const migrations: Migration[] = [
  accounts,
  homeData,
  schedules,
  devices,
  metrics,
  exportRates,
  rateLimits,
  householdLoad,
  hubEntities,
  passwordResets,
  evPlug,
  setpointStep,
  appliancePower,
  hvacPower,
  homeLocation,
  scheduleChanges,
];
