// Formats (prettier --write) the source files this branch changed against `main`, so the formatter
// lands file by file instead of as one rewrite of every file that would conflict with every branch.
// Usage: npm run format:changed [-- <base ref>]
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const base = process.argv[2] ?? 'main';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const mergeBase = git('merge-base', 'HEAD', base)[0];
const files = [...git('diff', '--name-only', '--diff-filter=ACMR', mergeBase), ...git('ls-files', '--others', '--exclude-standard')].filter(
  (f) => /\.(ts|tsx|js|mjs|json|css)$/.test(f) && !f.endsWith('package-lock.json') && existsSync(f),
);
if (files.length === 0) console.log('[format] nothing changed');
else execFileSync('npx', ['prettier', '--write', ...new Set(files)], { stdio: 'inherit' });
