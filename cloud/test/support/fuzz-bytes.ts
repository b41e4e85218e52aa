// Request bodies that are not valid UTF-8: raw bytes a JavaScript string cannot hold (a lone
// continuation byte, an overlong encoding, an encoded surrogate, a truncated sequence, 0xFF),
// placed inside a JSON string value or anywhere in the text.
import fc from 'fast-check';

const INVALID_SEQUENCES = [
  [0xff],
  [0xfe, 0xff],
  [0x80],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0xc3, 0x28],
  [0x00],
].map((b) => Buffer.from(b));

/** `text` (JSON) with invalid UTF-8 bytes spliced in: inside its first string value, or at any byte. */
export function invalidUtf8Of(text: string): fc.Arbitrary<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  const firstString = text.indexOf('"', text.indexOf(':') + 1);
  const positions = fc.oneof(fc.constant(firstString >= 0 ? Buffer.byteLength(text.slice(0, firstString + 1)) : 0), fc.integer({ min: 0, max: bytes.length }));
  return fc
    .tuple(positions, fc.array(fc.constantFrom(...INVALID_SEQUENCES), { minLength: 1, maxLength: 3 }))
    .map(([at, seqs]) => Buffer.concat([bytes.subarray(0, at), ...seqs, bytes.subarray(at)]));
}

/** Random bytes, most of them not UTF-8 at all. */
export const randomBytesBody: fc.Arbitrary<Buffer> = fc.uint8Array({ minLength: 1, maxLength: 64 }).map((a) => Buffer.from(a));
