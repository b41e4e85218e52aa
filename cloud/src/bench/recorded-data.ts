// Where the benches read recorded homes from: `../shared/data/recorded/` beside the repository,
// never a copy inside it (its README gives each data set's source, licence and quirks).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The recorded data folder (this file is `cloud/dist/bench/` once built). */
const RECORDED_DIR = new URL('../../../../shared/data/recorded/', import.meta.url);

/** A recorded file's text; throws naming the path it looked for when the file is absent. */
export function readRecorded(relativePath: string): string {
  const path = fileURLToPath(new URL(relativePath, RECORDED_DIR));
  if (!existsSync(path)) throw new Error(`recorded data not found: ${path} (the bench reads ../shared/data/recorded/ beside the repository)`);
  return readFileSync(path, 'utf8');
}
