import { DataTypes, type Sequelize } from 'sequelize';

/** One forecast push; every push is kept (the weekly refit fills outdoor-temperature gaps from them). */
export interface WeatherForecastRow {
  id: number;
  user_id: string;
  pushed_at: Date;
  /** Local midnight of the account's date at push time: hour 0 of the hourly arrays. */
  starts_at: Date;
  hourly_temps_f: number[];
  hourly_humidity: number[] | null;
  hourly_wind_mph: number[] | null;
}

/** weather_forecasts: append-only history of pushes. */
export function defineWeatherForecast(db: Sequelize) {
  return db.define(
    'WeatherForecast',
    {
      id: { type: DataTypes.BIGINT, primaryKey: true, autoIncrement: true },
      user_id: { type: DataTypes.UUID, allowNull: false },
      pushed_at: { type: DataTypes.DATE, allowNull: false, defaultValue: DataTypes.NOW },
      starts_at: { type: DataTypes.DATE, allowNull: false },
      hourly_temps_f: { type: DataTypes.JSONB, allowNull: false },
      hourly_humidity: { type: DataTypes.JSONB },
      hourly_wind_mph: { type: DataTypes.JSONB },
    },
    { tableName: 'weather_forecasts', timestamps: false },
  );
}
