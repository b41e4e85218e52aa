// Serves the built dashboard (dashboard/dist) at `/`: hashed assets cached for a year, index.html
// never cached, and a history fallback so a reload of an app route (/plan, /appliances/...) gets
// the app. API, auth and health paths never fall back: they keep their JSON 404s.
import express, { type RequestHandler, type Router } from 'express';
import { existsSync } from 'node:fs';
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
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path.extname(req.path) !== '') return next();
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(index, (err) => err && next(err));
  });
  return { router, dir };
}
