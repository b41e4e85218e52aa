import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestCloud } from '../support/test-cloud.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'offpeak-start-secrets-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('start-up with a weak JWT secret', () => {
  it('refuses to start when the generated jwt-secret file is empty (a key anyone could sign with)', async () => {
    writeFileSync(path.join(dataDir, 'jwt-secret'), '', { mode: 0o600 });
    await expect(startTestCloud({ jwtSecret: undefined, dataDir })).rejects.toThrow(/JWT secret in .*jwt-secret is 0 bytes long; it must be at least 32/);
  });

  it('refuses to start on a configured secret under 32 bytes', async () => {
    await expect(startTestCloud({ jwtSecret: 'short-secret' })).rejects.toThrow(
      'the JWT secret (JWT_SECRET) is 12 bytes long; it must be at least 32 (set a longer one)',
    );
  });
});
