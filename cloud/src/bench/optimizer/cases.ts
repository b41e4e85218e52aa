// The bench cases, one per appliance type: a new type is one `<type>-case.ts` and one line here.
import type { BenchCase } from './case.js';
import { evChargerCase } from './ev-charger-case.js';
import { homeBatteryCase } from './home-battery-case.js';
import { homeBatteryExportCase } from './home-battery-export-case.js';
import { homeBatteryHomeCase } from './home-battery-home-case.js';
import { hvacCase } from './hvac-case.js';
import { robotCase } from './robot-case.js';
import { waterHeaterCase } from './water-heater-case.js';

/** Every case the bench runs, in report order. */
export const cases: readonly BenchCase<any, any>[] = [
  hvacCase,
  evChargerCase,
  homeBatteryCase,
  homeBatteryExportCase,
  homeBatteryHomeCase,
  robotCase,
  waterHeaterCase,
];
