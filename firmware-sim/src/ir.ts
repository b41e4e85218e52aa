// Infrared frames between the satellite and the air conditioner. A frame is the whole unit state
// (like real AC remotes, which never send deltas) in 4 bytes, sent LSB first as pulse-distance
// marks and spaces in microseconds; the protocol name (the claim's `ir_protocol`) picks the
// timings and the address byte.
import type { AcSettings } from './device.js';
import type { FanSpeed, HvacMode } from './wire.js';

/** Timings and address of one protocol. */
interface Protocol {
  address: number;
  headerMark: number;
  headerSpace: number;
  bitMark: number;
  zeroSpace: number;
  oneSpace: number;
}

/** Known protocols by name. */
const PROTOCOLS: Record<string, Protocol> = {
  'nec-ac': { address: 0x4f, headerMark: 9000, headerSpace: 4500, bitMark: 560, zeroSpace: 560, oneSpace: 1690 },
  'pwm-ac': { address: 0xa1, headerMark: 3500, headerSpace: 1750, bitMark: 435, zeroSpace: 435, oneSpace: 1300 },
};

/** The protocol used when the claim names none. */
export const DEFAULT_IR_PROTOCOL = 'nec-ac';

/** Names of the protocols this emulator speaks. */
export const IR_PROTOCOLS = Object.keys(PROTOCOLS);

/** One transmission: alternating mark and space durations, µs, starting with a mark. */
export interface IrFrame {
  protocol: string;
  pulses: number[];
}

const MODES: HvacMode[] = ['COOL', 'HEAT', 'OFF'];
const FANS: FanSpeed[] = ['auto', 'low', 'high'];
/** Setpoints a frame carries, F, in half degrees. */
export const IR_MIN_F = 40;
export const IR_MAX_F = 99;
// Receivers accept pulses within this fraction of nominal (real ones tolerate ~25 %).
const TOLERANCE = 0.25;

function protocol(name: string): Protocol {
  const p = PROTOCOLS[name];
  if (!p) throw new Error(`unknown ir_protocol ${name} (known: ${IR_PROTOCOLS.join(', ')})`);
  return p;
}

const checksum = (bytes: number[]) => ~bytes.reduce((a, b) => a + b, 0) & 0xff;

/** Encodes the full unit state as a frame of the named protocol. */
export function encodeIr(name: string, s: AcSettings): IrFrame {
  const p = protocol(name);
  const flags = (s.power ? 1 : 0) | (MODES.indexOf(s.mode) << 1) | (FANS.indexOf(s.fan) << 3);
  const temp = Math.round((Math.min(IR_MAX_F, Math.max(IR_MIN_F, s.target_temp_f)) - IR_MIN_F) * 2);
  const bytes = [p.address, flags, temp];
  bytes.push(checksum(bytes));
  const pulses = [p.headerMark, p.headerSpace];
  for (const byte of bytes) for (let bit = 0; bit < 8; bit++) pulses.push(p.bitMark, (byte >> bit) & 1 ? p.oneSpace : p.zeroSpace);
  pulses.push(p.bitMark);
  return { protocol: name, pulses };
}

const near = (actual: number, nominal: number) => Math.abs(actual - nominal) <= nominal * TOLERANCE;

/** Decodes a frame as a receiver of the named protocol would; throws on anything it would ignore. */
export function decodeIr(name: string, frame: IrFrame): AcSettings {
  const p = protocol(name);
  const pulses = frame.pulses;
  if (pulses.length !== 2 + 4 * 16 + 1 || !near(pulses[0]!, p.headerMark) || !near(pulses[1]!, p.headerSpace)) throw new Error('not a frame of this protocol');
  const bytes = [0, 0, 0, 0];
  for (let i = 0; i < 32; i++) {
    const mark = pulses[2 + 2 * i]!;
    const space = pulses[3 + 2 * i]!;
    if (!near(mark, p.bitMark)) throw new Error(`bad mark at bit ${i}`);
    const one = near(space, p.oneSpace);
    if (!one && !near(space, p.zeroSpace)) throw new Error(`bad space at bit ${i}`);
    if (one) bytes[i >> 3]! |= 1 << (i & 7);
  }
  const [address, flags, temp, sum] = bytes as [number, number, number, number];
  if (address !== p.address) throw new Error('frame for another address');
  if (checksum([address, flags, temp]) !== sum) throw new Error('checksum mismatch');
  const mode = MODES[(flags >> 1) & 3];
  const fan = FANS[(flags >> 3) & 3];
  if (!mode || !fan || temp > (IR_MAX_F - IR_MIN_F) * 2) throw new Error('field out of range');
  return { power: (flags & 1) === 1, mode, fan, target_temp_f: IR_MIN_F + temp / 2 };
}
