import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Points `os.tmpdir()` at a fresh folder for one test run (`TMPDIR`, which test workers and the
 * processes they start inherit) and returns what removes it and restores the old value. Every
 * temporary folder a test makes (state folders, buffers, databases) lands there, so none piles up
 * in /tmp run after run, whether or not the test removes its own. Call it from a global setup.
 */
export function useRunTempRoot(name: string): () => void {
  const previous = process.env.TMPDIR;
  const root = mkdtempSync(path.join(tmpdir(), `offpeak-${name}-run-`));
  // Enterable by others, as /tmp is: an embedded PostgreSQL started as root runs as the postgres user.
  chmodSync(root, 0o711);
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(root, { recursive: true, force: true });
  };
}
