import { Router, type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import { weatherPushSchema } from '../../contract/index.js';
import type { WeatherService } from '../../services/weather.js';
import { currentUser } from '../authenticate.js';
import { validate } from '../validate.js';

/** POST /api/v1/weather; mounted under /api/v1. */
export function weatherRouter(deps: { weather: WeatherService; requireUser: RequestHandler; now: Clock }): Router {
  const { weather, requireUser, now } = deps;
  const r = Router();

  r.post('/weather', requireUser, async (req, res) => {
    const { forecast } = validate(weatherPushSchema, req.body);
    res.status(201).json(await weather.push(currentUser(req).id, forecast, now()));
  });

  return r;
}
