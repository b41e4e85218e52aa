import { Op } from 'sequelize';
import type { Models, WeatherForecastRow } from './models/index.js';

/** A forecast push to store. */
export interface NewWeatherForecast {
  userId: string;
  pushedAt: Date;
  startsAt: Date;
  hourlyTempsF: number[];
  hourlyHumidity: number[] | null;
  hourlyWindMph: number[] | null;
}

/** Weather forecast pushes, always scoped to their account; history is append-only. */
export function createWeatherRepo({ WeatherForecast }: Models) {
  return {
    async insert(f: NewWeatherForecast): Promise<WeatherForecastRow> {
      const created = await WeatherForecast.create({
        user_id: f.userId,
        pushed_at: f.pushedAt,
        starts_at: f.startsAt,
        hourly_temps_f: f.hourlyTempsF,
        hourly_humidity: f.hourlyHumidity,
        hourly_wind_mph: f.hourlyWindMph,
      });
      return created.get({ plain: true }) as WeatherForecastRow;
    },

    /** The newest push with pushed_at in [since, until], or null. */
    async latestPushedBetween(userId: string, since: Date, until: Date): Promise<WeatherForecastRow | null> {
      return (await WeatherForecast.findOne({
        where: { user_id: userId, pushed_at: { [Op.gte]: since, [Op.lte]: until } },
        order: [
          ['pushed_at', 'DESC'],
          ['id', 'DESC'],
        ],
        raw: true,
      })) as WeatherForecastRow | null;
    },

    /** Pushes whose hour 0 is in [from, to), oldest push first. */
    async listStartingBetween(userId: string, from: Date, to: Date): Promise<WeatherForecastRow[]> {
      return (await WeatherForecast.findAll({
        where: { user_id: userId, starts_at: { [Op.gte]: from, [Op.lt]: to } },
        order: [
          ['pushed_at', 'ASC'],
          ['id', 'ASC'],
        ],
        raw: true,
      })) as unknown as WeatherForecastRow[];
    },
  };
}

export type WeatherRepo = ReturnType<typeof createWeatherRepo>;
