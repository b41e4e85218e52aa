import { describe, expect, it } from 'vitest';
import type { AcSettings } from './device.js';
import { decodeIr, encodeIr, IR_PROTOCOLS } from './ir.js';

const all: AcSettings[] = [];
for (const power of [true, false])
  for (const mode of ['COOL', 'HEAT', 'OFF'] as const)
    for (const fan of ['low', 'high', 'auto'] as const) for (const t of [40, 61.5, 72, 99]) all.push({ power, mode, fan, target_temp_f: t });

describe('IR frames', () => {
  it.each(IR_PROTOCOLS)('round-trips every state through %s', (protocol) => {
    for (const s of all) expect(decodeIr(protocol, encodeIr(protocol, s))).toEqual(s);
  });

  it('is a pulse train: header, 32 bits of mark and space, trailing mark', () => {
    const frame = encodeIr('nec-ac', all[0]!);
    expect(frame.pulses).toHaveLength(2 + 64 + 1);
    expect(frame.pulses.slice(0, 2)).toEqual([9000, 4500]);
  });

  it('tolerates timing jitter like a real receiver', () => {
    const frame = encodeIr('nec-ac', { power: true, mode: 'COOL', fan: 'auto', target_temp_f: 73.5 });
    const jittered = { ...frame, pulses: frame.pulses.map((p, i) => p * (i % 2 ? 1.15 : 0.88)) };
    expect(decodeIr('nec-ac', jittered).target_temp_f).toBe(73.5);
  });

  it('rejects frames of another protocol, corrupted bits and unknown protocols', () => {
    const frame = encodeIr('nec-ac', all[0]!);
    expect(() => decodeIr('pwm-ac', frame)).toThrow();
    const flipped = [...frame.pulses];
    flipped[2 + 2 * 20 + 1] = flipped[2 + 2 * 20 + 1] === 560 ? 1690 : 560;
    expect(() => decodeIr('nec-ac', { ...frame, pulses: flipped })).toThrow('checksum mismatch');
    expect(() => encodeIr('daikin', all[0]!)).toThrow('unknown ir_protocol daikin');
  });

  it('clamps setpoints to what a frame carries', () => {
    expect(decodeIr('nec-ac', encodeIr('nec-ac', { ...all[0]!, target_temp_f: 120 })).target_temp_f).toBe(99);
    expect(decodeIr('nec-ac', encodeIr('nec-ac', { ...all[0]!, target_temp_f: 72.3 })).target_temp_f).toBe(72.5);
  });
});
