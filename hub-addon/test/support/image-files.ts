// The add-on image's /app as the Dockerfile builds it, laid out in a folder outside the monorepo:
// the files of the build context that .dockerignore lets through and the Dockerfile copies
// (package.json, dist/), package.json rewritten by the Dockerfile's own `node -e` line, and the
// dependencies left in it linked from the workspace's node_modules (what `npm install` would fetch).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';

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

/** Lays out the image's /app from the add-on folder `addon` in `app`; returns the rewritten package.json. */
export function layOutImage(addon: string, app: string, workspaceModules: string): { dependencies: Record<string, string> } {
  const ignored = dockerIgnored(readFileSync(path.join(addon, '.dockerignore'), 'utf8'));
  const copy = (rel: string) => {
    if (ignored(rel)) return;
    const from = path.join(addon, rel);
    if (statSync(from).isDirectory()) for (const name of readdirSync(from)) copy(`${rel}/${name}`);
    else {
      mkdirSync(path.dirname(path.join(app, rel)), { recursive: true });
      cpSync(from, path.join(app, rel));
    }
  };
  copy('package.json');
  copy('dist');
  const docker = readFileSync(path.join(addon, 'Dockerfile'), 'utf8');
  const rewrite = /node -e "([^"]+)"/.exec(docker)?.[1];
  if (!rewrite) throw new Error('the Dockerfile rewrites package.json with `node -e "..."`');
  execFileSync(process.execPath, ['-e', rewrite], { cwd: app });
  const manifest = JSON.parse(readFileSync(path.join(app, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  for (const name of Object.keys(manifest.dependencies)) {
    mkdirSync(path.dirname(path.join(app, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(workspaceModules, name), path.join(app, 'node_modules', name), 'dir');
  }
  return manifest;
}
