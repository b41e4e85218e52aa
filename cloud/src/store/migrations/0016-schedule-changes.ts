import type { Migration } from './index.js';

/** What changed to start the run that wrote a schedule row (domain/planning/plan-made.ts). */
export const scheduleChanges: Migration = {
  name: '0016-schedule-changes',
  up: [`ALTER TABLE schedules ADD COLUMN changes JSONB NOT NULL DEFAULT '[]'`],
};
