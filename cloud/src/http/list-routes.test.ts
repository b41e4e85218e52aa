import express, { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { listRoutes } from './list-routes.js';

const noop: express.RequestHandler = (_req, res) => {
  res.end();
};

describe('listRoutes', () => {
  it('lists routes registered directly on the app with their methods', () => {
    const app = express();
    app.get('/healthz', noop);
    app.post('/auth/login', noop);
    app.route('/auth/me').get(noop).patch(noop);
    expect(listRoutes(app)).toEqual([
      { method: 'GET', path: '/healthz' },
      { method: 'POST', path: '/auth/login' },
      { method: 'GET', path: '/auth/me' },
      { method: 'PATCH', path: '/auth/me' },
    ]);
  });

  it('prefixes the routes of mounted routers, nested ones included, and drops a trailing slash', () => {
    const inner = Router();
    inner.get('/', noop);
    inner.delete('/:device_id', noop);
    const outer = Router();
    outer.use('/devices', inner);
    outer.post('/appliances/', noop);
    const app = express();
    app.use('/api/v1', outer);
    expect(listRoutes(app)).toEqual([
      { method: 'GET', path: '/api/v1/devices' },
      { method: 'DELETE', path: '/api/v1/devices/{device_id}' },
      { method: 'POST', path: '/api/v1/appliances' },
    ]);
  });

  it('treats a router mounted without a path as mounted at the root', () => {
    const r = Router();
    r.get('/readyz', noop);
    const app = express();
    app.use(r);
    expect(listRoutes(app)).toEqual([{ method: 'GET', path: '/readyz' }]);
  });

  it('converts every :param and *splat into {name} form', () => {
    const app = express();
    app.get('/api/v1/appliances/:appliance_id/readings/:reading_id', noop);
    app.get('/files/*rest', noop);
    expect(listRoutes(app)).toEqual([
      { method: 'GET', path: '/api/v1/appliances/{appliance_id}/readings/{reading_id}' },
      { method: 'GET', path: '/files/{rest}' },
    ]);
  });

  it('skips plain middleware, error handlers and the automatic HEAD of a GET', () => {
    const app = express();
    app.use(express.json());
    app.use((_req, _res, next) => next());
    app.get('/only-get', noop);
    app.use(((_err, _req, res, _next) => res.end()) as express.ErrorRequestHandler);
    expect(listRoutes(app)).toEqual([{ method: 'GET', path: '/only-get' }]);
  });

  it('lists each path of an array registration and reports .all() as ALL', () => {
    const r = Router();
    r.all('/anything', noop);
    const app = express();
    app.use(['/a', '/b'], r);
    app.get(['/x', '/y'], noop);
    expect(listRoutes(app)).toEqual([
      { method: 'ALL', path: '/a/anything' },
      { method: 'ALL', path: '/b/anything' },
      { method: 'GET', path: '/x' },
      { method: 'GET', path: '/y' },
    ]);
  });

  it('lists a route registered twice once', () => {
    const app = express();
    app.get('/twice', noop);
    app.get('/twice', noop);
    expect(listRoutes(app)).toEqual([{ method: 'GET', path: '/twice' }]);
  });

  it('lists an explicit HEAD or OPTIONS registration like any other method', () => {
    const app = express();
    app.head('/probe', noop);
    app.options('/probe', noop);
    expect(listRoutes(app)).toEqual([
      { method: 'HEAD', path: '/probe' },
      { method: 'OPTIONS', path: '/probe' },
    ]);
  });

  it('returns an empty list for an app with no routes', () => {
    expect(listRoutes(express())).toEqual([]);
  });
});
