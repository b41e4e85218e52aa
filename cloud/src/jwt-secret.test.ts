import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from './jwt-secret.js';
import { readOrCreateSecretFile, writePrivateFile } from './secret-file.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'offpeak-secret-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

describe('resolveJwtSecret', () => {
  it('generates the secret once into the data folder, private (0600), with nothing else left behind', () => {
    const dataDir = path.join(dir, 'data');
    const secret = resolveJwtSecret(undefined, dataDir);
    expect(Buffer.byteLength(secret)).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    expect(mode(path.join(dataDir, 'jwt-secret'))).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual(['jwt-secret']);
    expect(resolveJwtSecret(undefined, dataDir)).toBe(secret);
  });

  it.each([
    ['empty', ''],
    ['truncated', 'abc123'],
    ['31 bytes', 'x'.repeat(31)],
  ])('refuses a %s jwt-secret file', (_name, content) => {
    writeFileSync(path.join(dir, 'jwt-secret'), content, { mode: 0o600 });
    expect(() => resolveJwtSecret(undefined, dir)).toThrow(
      `the JWT secret in ${path.join(dir, 'jwt-secret')} is ${Buffer.byteLength(content)} bytes long; it must be at least 32 (delete the file to generate a new one)`,
    );
  });

  it('refuses a JWT_SECRET under 32 bytes, and takes one of 32', () => {
    expect(() => resolveJwtSecret('s'.repeat(31), dir)).toThrow('the JWT secret (JWT_SECRET) is 31 bytes long; it must be at least 32 (set a longer one)');
    expect(resolveJwtSecret('s'.repeat(32), dir)).toBe('s'.repeat(32));
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('secret files', () => {
  it('writes a private file (0600) whatever the umask, and never over an existing one', () => {
    const old = process.umask(0);
    try {
      writePrivateFile(path.join(dir, 'a'), 'one');
    } finally {
      process.umask(old);
    }
    expect(mode(path.join(dir, 'a'))).toBe(0o600);
    expect(() => writePrivateFile(path.join(dir, 'a'), 'two')).toThrow(/EEXIST/);
    expect(readFileSync(path.join(dir, 'a'), 'utf8')).toBe('one');
  });

  it('makes an existing secret file that others could read private', () => {
    const file = path.join(dir, 'password');
    writeFileSync(file, 'a-password-of-enough-bytes');
    chmodSync(file, 0o644);
    expect(readOrCreateSecretFile(file, () => 'unused', { minBytes: 16, what: 'test secret' })).toBe('a-password-of-enough-bytes');
    expect(mode(file)).toBe(0o600);
  });
});
