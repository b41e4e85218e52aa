import type { RequestHandler } from 'express';
import { AppError } from '../errors.js';

/** Refuses request bodies that are not JSON (a body-less request passes). */
export const jsonOnly: RequestHandler = (req, _res, next) => {
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (hasBody && !req.is(['application/json', 'application/*+json'])) {
    return next(new AppError(415, 'Content-Type must be application/json'));
  }
  next();
};
