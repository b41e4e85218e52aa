import { Router } from 'express';
import { OPENAPI_DOCUMENT } from '../openapi/document.js';

/** GET /api/v1/openapi.json: the API description (public, no token). */
export function openapiRouter(): Router {
  const r = Router();
  r.get('/api/v1/openapi.json', (_req, res) => {
    res.json(OPENAPI_DOCUMENT);
  });
  return r;
}
