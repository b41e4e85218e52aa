import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { log } from './log.js';

export interface FileOwner {
  uid?: number;
  gid?: number;
}

/**
 * Writes `content` to a new file readable by its owner only (0600), chowned to `owner` when given,
 * and flushed to disk before it is returned. Fails when `file` already exists.
 */
export function writePrivateFile(file: string, content: string, owner: FileOwner = {}): void {
  const fd = openSync(file, 'wx', 0o600);
  try {
    // The mode given to open is filtered by the umask; set it outright.
    chmodSync(file, 0o600);
    if (owner.uid !== undefined && owner.gid !== undefined) chownSync(file, owner.uid, owner.gid);
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * The secret kept in `file`, generated first when the file is missing. The new file is written
 * whole under a temporary name, then linked into place: a crash never leaves a partial secret, and
 * when two processes create it at once both end up with the first one's. A secret under `minBytes`
 * (an empty or truncated file) is refused; a file others can read is made private.
 */
export function readOrCreateSecretFile(file: string, generate: () => string, opts: { minBytes: number; what: string }): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      writePrivateFile(tmp, generate());
      linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  if ((statSync(file).mode & 0o077) !== 0) {
    log('start').warn({ file }, `${opts.what} file was readable by others; made it private (0600)`);
    chmodSync(file, 0o600);
  }
  const secret = readFileSync(file, 'utf8').trim();
  assertSecretLength(secret, opts.minBytes, `${opts.what} in ${file}`, 'delete the file to generate a new one');
  return secret;
}

/** Throws when `secret` is shorter than `minBytes` (UTF-8). */
export function assertSecretLength(secret: string, minBytes: number, what: string, remedy: string): void {
  const bytes = Buffer.byteLength(secret);
  if (bytes < minBytes) throw new Error(`the ${what} is ${bytes} bytes long; it must be at least ${minBytes} (${remedy})`);
}
