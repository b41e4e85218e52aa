// A minimal ZIP reader for CAISO OASIS responses (one CSV or XML per archive). Supports stored
// and deflated entries, with or without data descriptors; rejects ZIP64 and encryption, which
// OASIS never sends. Sizes and CRC-32 are verified so a truncated download fails loudly.
import { crc32, inflateRawSync } from 'node:zlib';

/** One extracted file. */
export interface ZipEntry {
  name: string;
  data: Buffer;
}

const LOCAL_SIG = 0x04034b50;
const CENTRAL_SIG = 0x02014b50;
const END_SIG = 0x06054b50;
const FLAG_ENCRYPTED = 0x1;
const FLAG_DATA_DESCRIPTOR = 0x8;

interface EntryMeta {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function zipError(message: string): Error {
  return new Error(`zip: ${message}`);
}

function need(buf: Buffer, offset: number, length: number): void {
  if (offset < 0 || offset + length > buf.length) throw zipError('archive is truncated');
}

/** Offset of the end-of-central-directory record, or -1 (scans back over a trailing comment). */
function findEnd(buf: Buffer): number {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === END_SIG) return i;
  }
  return -1;
}

function readCentral(buf: Buffer, end: number): EntryMeta[] {
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out: EntryMeta[] = [];
  for (let i = 0; i < count; i++) {
    need(buf, p, 46);
    if (buf.readUInt32LE(p) !== CENTRAL_SIG) throw zipError('bad central directory entry');
    const nameLen = buf.readUInt16LE(p + 28);
    need(buf, p + 46, nameLen);
    out.push({
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      crc: buf.readUInt32LE(p + 16),
      compressedSize: buf.readUInt32LE(p + 20),
      size: buf.readUInt32LE(p + 24),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

/** Entries found by walking local headers, for archives whose central directory is missing. */
function readLocalOnly(buf: Buffer): EntryMeta[] {
  const out: EntryMeta[] = [];
  let p = 0;
  while (p + 4 <= buf.length && buf.readUInt32LE(p) === LOCAL_SIG) {
    need(buf, p, 30);
    const flags = buf.readUInt16LE(p + 6);
    if (flags & FLAG_DATA_DESCRIPTOR) throw zipError('streamed entry without central directory');
    const meta: EntryMeta = {
      flags,
      method: buf.readUInt16LE(p + 8),
      crc: buf.readUInt32LE(p + 14),
      compressedSize: buf.readUInt32LE(p + 18),
      size: buf.readUInt32LE(p + 22),
      localOffset: p,
      name: buf.toString('utf8', p + 30, p + 30 + buf.readUInt16LE(p + 26)),
    };
    out.push(meta);
    p += 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28) + meta.compressedSize;
  }
  return out;
}

function extract(buf: Buffer, meta: EntryMeta): Buffer {
  if (meta.flags & FLAG_ENCRYPTED) throw zipError(`${meta.name} is encrypted`);
  if (meta.compressedSize === 0xffffffff || meta.size === 0xffffffff) {
    throw zipError('ZIP64 archives are not supported');
  }
  // The local header's own name/extra lengths locate the data (they may differ from the central copy).
  const p = meta.localOffset;
  need(buf, p, 30);
  if (buf.readUInt32LE(p) !== LOCAL_SIG) throw zipError(`bad local header for ${meta.name}`);
  const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
  need(buf, start, meta.compressedSize);
  const raw = buf.subarray(start, start + meta.compressedSize);
  let data: Buffer;
  if (meta.method === 0) data = Buffer.from(raw);
  else if (meta.method === 8) {
    try {
      data = inflateRawSync(raw);
    } catch {
      throw zipError(`${meta.name} is not valid deflate data`);
    }
  } else throw zipError(`${meta.name} uses unsupported compression method ${meta.method}`);
  if (data.length !== meta.size) throw zipError(`${meta.name} has the wrong size`);
  if (crc32(data) >>> 0 !== meta.crc >>> 0) throw zipError(`${meta.name} fails its CRC check`);
  return data;
}

/** Every file entry (directories skipped) of a ZIP archive; throws on anything malformed. */
export function unzip(buf: Buffer): ZipEntry[] {
  if (buf.length < 22) throw zipError('not a ZIP archive');
  const end = findEnd(buf);
  if (end === -1 && buf.readUInt32LE(0) !== LOCAL_SIG) throw zipError('not a ZIP archive');
  const metas = end === -1 ? readLocalOnly(buf) : readCentral(buf, end);
  return metas.filter((m) => !m.name.endsWith('/')).map((m) => ({ name: m.name, data: extract(buf, m) }));
}
