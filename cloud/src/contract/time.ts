// The slot grid's size, the real start of each slot of a local day, and the fixed lengths of time,
// for clients that index or step through a schedule (the satellite keeps no time-zone database;
// it takes offsets from /devices/config).
export { SLOT_MINUTES, SLOTS_PER_DAY, slotStartsUtc } from '../domain/time/slot-grid.js';
export { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../domain/time/durations.js';
