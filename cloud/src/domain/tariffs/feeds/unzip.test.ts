import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { unzip } from './unzip.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const expectedCsv = unzip(fixture('stored.zip'))[0]?.data.toString('utf8') ?? '';

describe('unzip', () => {
  it('reads a stored (method 0) entry', () => {
    const entries = unzip(fixture('stored.zip'));
    expect(entries.map((e) => e.name)).toEqual(['prices.csv']);
    expect(expectedCsv.startsWith('INTERVALSTARTTIME_GMT,')).toBe(true);
  });

  it('reads a deflated entry written with a data descriptor (streamed)', () => {
    const [entry] = unzip(fixture('streamed.zip'));
    expect(entry?.name).toBe('prices.csv');
    expect(entry?.data.toString('utf8')).toBe(expectedCsv);
  });

  it('reads the CAISO fixture (deflate, central directory)', () => {
    const entries = unzip(fixture('caiso-prc-lmp-2024-04-20.zip'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.name).toMatch(/PRC_LMP.*\.csv$/);
  });

  it('falls back to local headers when the central directory is cut off', () => {
    const zip = fixture('caiso-prc-lmp-2024-04-20.zip');
    const centralAt = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const entries = unzip(zip.subarray(0, centralAt));
    expect(entries[0]?.data.toString('utf8')).toContain('TH_NP15_GEN-APND');
  });

  it('rejects a streamed entry without its central directory', () => {
    const zip = fixture('streamed.zip');
    const centralAt = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    expect(() => unzip(zip.subarray(0, centralAt))).toThrow(/zip: streamed entry/);
  });

  const corrupt = (mutate: (b: Buffer) => void): Buffer => {
    const b = Buffer.from(fixture('caiso-prc-lmp-2024-04-20.zip'));
    mutate(b);
    return b;
  };

  it.each([
    ['an empty buffer', Buffer.alloc(0), /not a ZIP/],
    ['plain text', Buffer.from('this is not a zip archive at all, really'), /not a ZIP/],
    ['an XML error page', Buffer.from('<?xml version="1.0"?><error>throttled</error>'), /not a ZIP/],
    [
      'a bad CRC',
      corrupt((b) => {
        const c = b.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
        b.writeUInt32LE((b.readUInt32LE(c + 16) + 1) >>> 0, c + 16);
      }),
      /fails its CRC check/,
    ],
    ['a corrupted payload', corrupt((b) => b.fill(0xff, 60, 120)), /deflate|CRC|wrong size/],
    [
      'an unsupported method',
      corrupt((b) => {
        b.writeUInt16LE(12, 8);
        const c = b.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
        b.writeUInt16LE(12, c + 10);
      }),
      /method 12/,
    ],
    ['a truncated archive', fixture('caiso-prc-lmp-2024-04-20.zip').subarray(0, 200), /not a ZIP|truncated|deflate|CRC|size/],
  ])('rejects %s', (_name, buf, message) => {
    expect(() => unzip(buf)).toThrow(message);
  });

  it('skips directory entries', () => {
    // Build a tiny archive by hand: one directory and one deflated file, central directory included.
    const data = Buffer.from('hello');
    const packed = deflateRawSync(data);
    const entries = [
      { name: 'dir/', method: 0, body: Buffer.alloc(0), size: 0, crc: 0 },
      { name: 'dir/a.txt', method: 8, body: packed, size: data.length, crc: 0x3610a686 },
    ];
    const parts: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    for (const e of entries) {
      const name = Buffer.from(e.name);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(e.method, 8);
      local.writeUInt32LE(e.crc, 14);
      local.writeUInt32LE(e.body.length, 18);
      local.writeUInt32LE(e.size, 22);
      local.writeUInt16LE(name.length, 26);
      const cen = Buffer.alloc(46);
      cen.writeUInt32LE(0x02014b50, 0);
      cen.writeUInt16LE(e.method, 10);
      cen.writeUInt32LE(e.crc, 16);
      cen.writeUInt32LE(e.body.length, 20);
      cen.writeUInt32LE(e.size, 24);
      cen.writeUInt16LE(name.length, 28);
      cen.writeUInt32LE(offset, 42);
      parts.push(local, name, e.body);
      central.push(cen, name);
      offset += 30 + name.length + e.body.length;
    }
    const cd = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(entries.length, 8);
    end.writeUInt16LE(entries.length, 10);
    end.writeUInt32LE(cd.length, 12);
    end.writeUInt32LE(offset, 16);
    const zip = Buffer.concat([...parts, cd, end]);
    expect(unzip(zip).map((e) => [e.name, e.data.toString()])).toEqual([['dir/a.txt', 'hello']]);
  });
});
