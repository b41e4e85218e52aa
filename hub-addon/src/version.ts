// The add-on's version: hub-addon/package.json's, read once (dist/ sits beside it in the image too).
import { readFileSync } from 'node:fs';

let cached: string | null = null;

export function addonVersion(): string {
  if (cached === null) {
    try {
      cached = String((JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? '0.0.0');
    } catch {
      cached = '0.0.0';
    }
  }
  return cached;
}
