// Every domain's services, registered when the domain has entities (as Core loads its integrations).
import { climateServices } from './climate.js';
import { humidifierServices, lawnMowerServices, vacuumServices, waterHeaterServices } from './devices.js';
import type { DomainServices } from './registry.js';
import { buttonServices, selectServices, switchServices } from './simple.js';
import { weatherServices } from './weather.js';

export const DOMAIN_SERVICES: Record<string, DomainServices> = {
  climate: climateServices,
  switch: switchServices,
  select: selectServices,
  button: buttonServices,
  vacuum: vacuumServices,
  lawn_mower: lawnMowerServices,
  humidifier: humidifierServices,
  water_heater: waterHeaterServices,
  weather: weatherServices,
};
