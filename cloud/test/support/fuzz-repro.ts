// A failing fuzz request as a line a person can paste: curl with the exact bytes that were sent
// (the path as-is, every header, the body ANSI-C quoted, or written to a file when long).
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Longer bodies go to a file next to the report rather than into the line. */
const INLINE_BODY_BYTES = 400;

/** Bash `$'...'` quoting: printable ASCII as is, everything else as `\xHH`. */
export function ansiQuoted(bytes: Buffer): string {
  let out = '';
  for (const b of bytes) {
    if (b === 0x5c) out += '\\\\';
    else if (b === 0x27) out += "\\'";
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `$'${out}'`;
}

const shellQuoted = (text: string) =>
  /^[\w@%+=:,./-]*$/.test(text) ? text : /[^\x20-\x7e]/.test(text) ? ansiQuoted(Buffer.from(text, 'utf8')) : `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command that sends exactly this request to `baseUrl`. */
export function curlOf(baseUrl: string, request: { method: string; url: string; headers: Record<string, string>; body?: string | Buffer }): string {
  const parts = ['curl', '-sS', '-i', '--path-as-is', '-X', request.method, shellQuoted(baseUrl + request.url)];
  for (const [name, value] of Object.entries(request.headers)) parts.push('-H', shellQuoted(`${name}: ${value}`));
  if (request.body !== undefined) {
    const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body, 'utf8');
    if (bytes.length <= INLINE_BODY_BYTES) parts.push('--data-binary', ansiQuoted(bytes));
    else {
      const file = path.join(tmpdir(), `offpeak-fuzz-${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}.body`);
      writeFileSync(file, bytes);
      parts.push('--data-binary', `@${file}`);
    }
  }
  return parts.join(' ');
}
