// Words for the status views: what the plan does with an appliance in a slot, and what its last
// reading said. Pure; keyed by appliance type like every table of the add-on.
import type { ApplianceType } from '@offpeak/cloud/contract';
import { batterySlotMode, type BatterySlotMode } from './battery-slots.js';
import { hvacSlot, onOffSlot } from './plan-actions.js';
import type { BufferedReading } from './reading-buffer.js';
import { READING_KIND } from './readings.js';
import { fromF } from './units.js';

const temp = (valueF: number, unit: string) => `${fromF(valueF, unit).toFixed(unit === '°C' ? 1 : 0)} ${unit}`;
const onOff = (on: boolean | null, yes: string, no: string) => (on === null ? null : on ? yes : no);

const BATTERY: Record<BatterySlotMode, string> = {
  charge: 'Charge from the grid',
  export: 'Discharge past the house and export the rest',
  discharge: 'Cover the house from the battery',
  hold: 'Keep the charge for a dearer half hour',
};

/** Per type: the plan's slot `idx` in words, or null when the schedule has nothing for it. */
const SLOT_TEXT: Record<ApplianceType, (schedule: Record<string, unknown>, idx: number, unit: string) => string | null> = {
  hvac: (schedule, idx, unit) => {
    const slot = hvacSlot(schedule, idx);
    return slot ? `Thermostat at ${temp(slot.setpointF, unit)} (comfort band ${temp(slot.lowF, unit)} to ${temp(slot.highF, unit)})` : null;
  },
  ev_charger: (schedule, idx) => onOff(onOffSlot(schedule, idx), 'Charge', 'Do not charge'),
  home_battery: (schedule, idx) => {
    const mode = batterySlotMode(schedule, idx);
    return mode ? BATTERY[mode] : null;
  },
  water_heater: (schedule, idx) => onOff(onOffSlot(schedule, idx), 'Heating element on', 'Heating element off'),
  robot: (schedule, idx) => onOff(onOffSlot(schedule, idx), 'Stay on the dock', 'Free to run on its own schedule'),
  solar: () => 'Observed only',
  dehumidifier: () => 'Observed only',
};

/** The plan's slot `idx` for an appliance of `type`, in words (null: the schedule has none). */
export function slotText(type: ApplianceType, schedule: Record<string, unknown>, idx: number, unit: string): string | null {
  return SLOT_TEXT[type](schedule, idx, unit);
}

/** A reading in words, in the system unit. */
export function readingText(r: BufferedReading, type: ApplianceType | null, unit: string): string {
  if (r.kind === 'hvac') return `${temp(r.reading.indoor_temp, unit)} indoors, ${r.reading.hvac_state.toLowerCase()}`;
  if (r.kind === 'household') return `${r.reading.value} W`;
  const state = r.reading.state.toLowerCase();
  const kind = type ? READING_KIND[type] : null;
  if (kind === 'tank') return `${state}, tank at ${temp(r.reading.value, unit)}`;
  if (kind === 'production') return `${state}, ${r.reading.value} W`;
  return `${state}, ${r.reading.value} % charged`;
}
