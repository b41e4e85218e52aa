#!/usr/bin/env node
// CLI: node dist/main.js --cloud http://localhost:8000 --code XXXX --device-id SN123 --state-dir ./state --speed 60
// Prints one JSON line per event; Ctrl-C stops it cleanly (state is kept for the next start).
import { parseArgs } from 'node:util';
import { IR_PROTOCOLS } from './ir.js';
import { startSimulator } from './simulator.js';
import { HVAC_TYPES, type HvacType } from './wire.js';

const USAGE = `usage: offpeak-firmware-sim --cloud URL --device-id SERIAL --state-dir DIR [--code CLAIM_CODE]
  [--speed N] [--name NAME] [--hvac-type ${HVAC_TYPES.join('|')}]
  [--ir-protocol ${IR_PROTOCOLS.join('|')}] [--setpoint-min F] [--setpoint-max F] [--seed N]`;

const { values } = parseArgs({
  options: {
    cloud: { type: 'string' },
    code: { type: 'string' },
    'device-id': { type: 'string' },
    'state-dir': { type: 'string' },
    speed: { type: 'string' },
    name: { type: 'string' },
    'hvac-type': { type: 'string' },
    'ir-protocol': { type: 'string' },
    'setpoint-min': { type: 'string' },
    'setpoint-max': { type: 'string' },
    seed: { type: 'string' },
    help: { type: 'boolean' },
  },
});

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const hvacType = values['hvac-type'];
const isHvacType = (v: string | undefined): v is HvacType | undefined => v === undefined || (HVAC_TYPES as readonly string[]).includes(v);
if (values.help || !values.cloud || !values['device-id'] || !values['state-dir'] || !isHvacType(hvacType)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

const sim = await startSimulator({
  cloudUrl: values.cloud,
  deviceId: values['device-id'],
  stateDir: values['state-dir'],
  code: values.code,
  name: values.name,
  hvacType,
  irProtocol: values['ir-protocol'],
  setpointMinF: num(values['setpoint-min']),
  setpointMaxF: num(values['setpoint-max']),
  speed: num(values.speed),
  seed: num(values.seed),
  log: (line) => console.log(JSON.stringify(line)),
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void sim.stop());
await sim.done;
const end = sim.state();
console.log(JSON.stringify({ at: end.now, event: end.phase, last_error: end.lastError }));
process.exit(end.phase === 'failed' ? 1 : 0);
