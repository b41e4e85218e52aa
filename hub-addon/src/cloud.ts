// One typed function per cloud endpoint the add-on calls (the household load: docs/home-plan.md;
// the hub entities: docs/hub-entities.md).
// Failures are CloudErrors carrying the status (0 = unreachable) and the body's `detail`.
import type {
  Appliance,
  ApplianceReadingInput,
  DayLedger,
  HouseholdLoadReadingsRequest,
  HubEntitiesReport,
  HubEntitiesReported,
  HvacReadingInput,
  Profile,
  ProfilePatchRequest,
  ReadingClient,
  ReadingsAccepted,
  SchedulesUpdatedAt,
  SchedulesView,
  WeatherForecastInput,
  WeatherPushResponse,
} from '@offpeak/cloud/contract';
import type { CloudSession } from './session.js';

export interface CloudApi {
  me(): Promise<Profile>;
  updateProfile(patch: ProfilePatchRequest): Promise<Profile>;
  appliances(): Promise<Appliance[]>;
  schedules(): Promise<SchedulesView>;
  schedulesUpdatedAt(): Promise<SchedulesUpdatedAt>;
  pushHvacReadings(readings: HvacReadingInput[], client: ReadingClient): Promise<ReadingsAccepted>;
  pushApplianceReadings(applianceId: string, readings: ApplianceReadingInput[]): Promise<ReadingsAccepted>;
  pushWeather(forecast: WeatherForecastInput): Promise<WeatherPushResponse>;
  pushHouseholdLoad(readings: HouseholdLoadReadingsRequest['readings']): Promise<ReadingsAccepted>;
  reportHubEntities(entities: HubEntitiesReport['entities']): Promise<HubEntitiesReported>;
  ledger(date: string): Promise<DayLedger>;
}

/** The API over a session. */
export function createCloudApi(session: CloudSession): CloudApi {
  return {
    me: () => session.call('GET', '/auth/me'),
    updateProfile: (patch) => session.call('PATCH', '/auth/me', patch),
    appliances: () => session.call('GET', '/api/v1/appliances'),
    schedules: () => session.call('GET', '/api/v1/schedules'),
    schedulesUpdatedAt: () => session.call('GET', '/api/v1/schedules/updated-at'),
    pushHvacReadings: (readings, client) => session.call('POST', '/api/v1/readings', { readings, client }),
    pushApplianceReadings: (id, readings) => session.call('POST', `/api/v1/appliances/${encodeURIComponent(id)}/readings`, { readings }),
    pushWeather: (forecast) => session.call('POST', '/api/v1/weather', { forecast }),
    pushHouseholdLoad: (readings) => session.call('POST', '/api/v1/household-load/readings', { readings }),
    reportHubEntities: (entities) => session.call('PUT', '/api/v1/hub-entities', { entities }),
    ledger: (date) => session.call('GET', `/api/v1/me/metrics/ledger/${encodeURIComponent(date)}`),
  };
}
