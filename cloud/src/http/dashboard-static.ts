// Serves the built dashboard (dashboard/dist) at `/`: hashed assets cached for a year, index.html
// never cached, and a history fallback so a reload of an app route (/plan, /appliances/...) gets
// the app. API, auth and health paths never fall back: they keep their JSON 404s. A file the build
// compressed (`.br`, `.gz` beside it: dashboard/scripts/precompress.mjs) is sent as it is to a
// browser that accepts that encoding; anything else is compressed on the way out (app.ts).
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** cloud/dist/http (built) or cloud/src/http (tests) -> the repository's dashboard/dist. */
export const DEFAULT_DASHBOARD_DIR = fileURLToPath(new URL('../../../dashboard/dist', import.meta.url));

/** Paths that belong to the API: no static file, no fallback. */
const API_PATH = /^\/(api|auth|healthz|readyz)(\/|$)/;

/** Vite names built assets `name-<hash>.ext` under assets/: safe to cache forever. */
const HASHED_ASSET = /^\/assets\//;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

export type DashboardMount = { router: Router; dir: string } | { router: null; dir: string };

/**
 * The dashboard router, or null when the dashboard is not built (the API still works; the caller
 * logs a line).
 */
export function dashboardStatic(dir: string = DEFAULT_DASHBOARD_DIR): DashboardMount {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return { router: null, dir };
  const router = express.Router();
  const skipApi: RequestHandler = (req, _res, next) => (API_PATH.test(req.path) ? next('router') : next());
  router.use(skipApi);
  router.use(precompressed(dir));
  router.use(
    express.static(dir, {
      index: false,
      fallthrough: true,
      setHeaders: (res, filePath) => {
        const rel = '/' + path.relative(dir, filePath).split(path.sep).join('/');
        res.setHeader('Cache-Control', HASHED_ASSET.test(rel) ? IMMUTABLE : NO_CACHE);
      },
    }),
  );
  // History fallback: a GET or HEAD for a page (no file extension) gets index.html.
  router.use((req, res, next) => {
    if (!isPageRequest(req)) return next();
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(index, (err) => err && next(err));
  });
  return { router, dir };
}

const isPageRequest = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && path.extname(req.path) === '';

/** The encodings the build writes beside a file, in the order they are offered (smallest first). */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** URL path (`/assets/index-abc.js`) -> its file, for every file with a compressed copy beside it. Read once: the build does not change while the cloud runs. */
function compressedFiles(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.br') && existsSync(full.slice(0, -3))) {
        const file = full.slice(0, -3);
        found.set('/' + path.relative(dir, file).split(path.sep).join('/'), file);
      }
    }
  };
  walk(dir);
  return found;
}

/** Sends the build's compressed copy of a file (or of index.html for a page) when the browser accepts its encoding. */
function precompressed(dir: string): RequestHandler {
  const files = compressedFiles(dir);
  return (req: Request, res: Response, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const page = isPageRequest(req) && !files.has(req.path);
    const file = page ? files.get('/index.html') : files.get(req.path);
    if (!file) return next();
    const accepted = req.acceptsEncodings();
    const chosen = ENCODINGS.find((e) => accepted.includes(e.encoding) && existsSync(file + e.suffix));
    res.vary('Accept-Encoding');
    if (!chosen) return next();
    const rel = '/' + path.relative(dir, file).split(path.sep).join('/');
    res.setHeader('Cache-Control', !page && HASHED_ASSET.test(rel) ? IMMUTABLE : NO_CACHE);
    res.setHeader('Content-Encoding', chosen.encoding);
    res.type(path.extname(file));
    res.sendFile(file + chosen.suffix, (err) => err && next(err));
  };
}
