// The add-on's image, laid out without Docker: the local add-on folder (scripts/package-addon.mjs)
// written outside the monorepo, its Dockerfile's COPY instructions carried out into an /app folder,
// and its `npm ci` run there for real, so /app holds what the image's /app holds.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ADDON = fileURLToPath(new URL('../..', import.meta.url));

export interface DockerCopy {
  /** The stage it copies from (`--from=`), else the build context. */
  from?: string;
  sources: string[];
  dest: string;
}

/** The COPY and ADD instructions of a Dockerfile, in order (no line continuations in ours). */
export function dockerCopies(dockerfile: string): DockerCopy[] {
  return dockerfile
    .split('\n')
    .filter((l) => /^(COPY|ADD) /.test(l))
    .map((l) => {
      const words = l.split(/\s+/).slice(1);
      const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
      const paths = words.filter((w) => !w.startsWith('--'));
      return { ...(from ? { from } : {}), sources: paths.slice(0, -1), dest: paths.at(-1)! };
    });
}

/** Runs the package script on the built add-on (no build): the local add-on folder in `out`. */
export function packageAddon(out: string): void {
  execFileSync(process.execPath, [path.join(ADDON, 'scripts/package-addon.mjs'), '--no-build', out], { encoding: 'utf8' });
}

/** Docker's .dockerignore rules as a predicate on a context-relative path: the last matching rule wins, and a rule matching a folder matches what is inside it. */
export function dockerIgnored(ignoreFile: string): (rel: string) => boolean {
  const rules = ignoreFile
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negated = l.startsWith('!');
      const glob = (negated ? l.slice(1) : l).replace(/\/+$/, '');
      const source = glob
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) => ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[part] ?? part.replace(/[.+^${}()|[\]\\]/g, '\\$&'))
        .join('');
      return { negated, regex: new RegExp(`^${source}$`) };
    });
  return (rel) => {
    const prefixes = rel.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
    let ignored = false;
    for (const rule of rules) if (prefixes.some((p) => rule.regex.test(p))) ignored = !rule.negated;
    return ignored;
  };
}

/** Lays out the image's /app in `app` from the add-on folder `folder` as its Dockerfile says; returns the package.json it installs. */
export function layOutImage(folder: string, app: string): { dependencies: Record<string, string> } {
  for (const { from, sources, dest } of dockerCopies(readFileSync(path.join(folder, 'Dockerfile'), 'utf8'))) {
    if (from) throw new Error(`the add-on folder's Dockerfile copies from ${from}`);
    for (const source of sources) {
      const target = path.join(app, dest);
      // Docker copies a folder's contents into dest, and a file into dest/ under its own name.
      cpSync(path.join(folder, source), statSync(path.join(folder, source)).isDirectory() ? target : path.join(target, path.basename(source)), {
        recursive: true,
      });
    }
  }
  // The Dockerfile's `npm ci --omit=dev`, from npm's cache when it has the packages (the
  // workspace's own install put them there).
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts'], { cwd: app, encoding: 'utf8', stdio: 'pipe' });
  return JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
}
