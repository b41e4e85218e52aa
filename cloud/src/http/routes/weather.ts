import { Router, type RequestHandler } from 'express';
import { weatherPushSchema } from '../../contract/index.js';
import type { WeatherService } from '../../services/weather.js';
import { currentUser } from '../authenticate.js';
import { validate } from '../validate.js';

/** POST /api/v1/weather (4.14); mounted under /api/v1. */
export function weatherRouter(deps: { weather: WeatherService; requireUser: RequestHandler }): Router {
  const { weather, requireUser } = deps;
  const r = Router();

  r.post('/weather', requireUser, async (req, res) => {
    const { forecast } = validate(weatherPushSchema, req.body);
    res.status(201).json(await weather.push(currentUser(req).id, forecast, new Date()));
  });

  return r;
}
