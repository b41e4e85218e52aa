import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from './log.js';
import { BUFFER_FILE, ReadingBuffer, type BufferedReading } from './reading-buffer.js';

const hvac = (minute: number): BufferedReading => ({
  kind: 'hvac',
  reading: { timestamp: `2026-07-01T12:${String(minute).padStart(2, '0')}:00Z`, indoor_temp: 72, hvac_state: 'COOL' },
});
const soc = (id: string, minute: number): BufferedReading => ({
  kind: 'appliance',
  applianceId: id,
  reading: { timestamp: `2026-07-01T12:${String(minute).padStart(2, '0')}:00Z`, state: 'IDLE', value: 50 },
});

describe('ReadingBuffer', () => {
  it('keeps readings on disk across restarts and hands them out oldest first, per stream', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'buffer-'));
    const log = createLogger({ level: 'error', write: () => {} });
    const a = new ReadingBuffer(dir, log);
    await a.add([soc('ev', 0), hvac(0), soc('ev', 5), hvac(5)]);
    const b = new ReadingBuffer(dir, log);
    await b.load();
    expect(b.size).toBe(4);
    const first = b.nextBatch()!;
    expect(first).toMatchObject({ kind: 'appliance', applianceId: 'ev' });
    expect(first.items.map((r) => r.reading.timestamp)).toEqual(['2026-07-01T12:00:00Z', '2026-07-01T12:05:00Z']);
    await b.remove(first);
    expect(b.nextBatch()!.items).toHaveLength(2);
    expect(JSON.parse(readFileSync(path.join(dir, BUFFER_FILE), 'utf8'))).toHaveLength(2);
  });

  it('sends at most 100 per request', async () => {
    const buffer = new ReadingBuffer(mkdtempSync(path.join(tmpdir(), 'buffer-')), createLogger({ level: 'error', write: () => {} }));
    await buffer.add(Array.from({ length: 250 }, (_, i) => hvac(i % 60)));
    expect(buffer.nextBatch()!.items).toHaveLength(100);
  });

  it('drops the oldest beyond its capacity, with a log line', async () => {
    const lines: string[] = [];
    const buffer = new ReadingBuffer(mkdtempSync(path.join(tmpdir(), 'buffer-')), createLogger({ level: 'info', write: (l) => lines.push(l) }), 3);
    await buffer.add([hvac(0), hvac(5), hvac(10)]);
    await buffer.add([hvac(15), hvac(20)]);
    expect(buffer.size).toBe(3);
    expect(buffer.nextBatch()!.items.map((r) => r.reading.timestamp)).toEqual(['2026-07-01T12:10:00Z', '2026-07-01T12:15:00Z', '2026-07-01T12:20:00Z']);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'warn',
      msg: 'reading buffer full; dropped the oldest readings',
      dropped: 2,
      first_dropped: '2026-07-01T12:00:00Z',
      oldest_kept: '2026-07-01T12:10:00Z',
    });
  });
});
