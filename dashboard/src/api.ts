// One function per endpoint of the contract the dashboard uses, typed from @offpeak/cloud/contract.
import type {
  AccountPreferences,
  Appliance,
  ApplianceCreated,
  ApplianceScheduleResponse,
  ApplianceType,
  AppliancePreferencesUpdateRequest,
  CommandQueued,
  ConstraintsResponse,
  DayLedger,
  Device,
  EnrollToken,
  HubEntityList,
  HvacScheduleResponse,
  InsightsResponse,
  IntegrationHealth,
  MetricsDaily,
  MetricsDayView,
  MetricsSummary,
  PendingSignup,
  Preferences,
  PreferencesUpdateRequest,
  Profile,
  RankingsResponse,
  RateCurve,
  RatesUpdateRequest,
  RecomputeResponse,
  ScheduleHistory,
  SchedulesView,
  Session,
} from '@offpeak/cloud/contract';
import { request } from './api-client.js';

export { ApiError } from './api-client.js';

const q = (params: Record<string, string | number | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) s.set(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
};
const id = encodeURIComponent;

export interface SignupFields {
  email: string;
  password: string;
  location_zip?: string;
  home_size_sqft?: number;
  timezone?: string;
}

export const signup = (body: SignupFields) => request<Session | PendingSignup>('POST', '/auth/signup', body, false);
export const login = (email: string, password: string) => request<Session>('POST', '/auth/login', { email, password }, false);
export const requestPasswordReset = (email: string) => request<{ status: string }>('POST', '/auth/recover', { email }, false);
export const resetPassword = (token: string, password: string) => request<{ status: string }>('POST', '/auth/reset', { token, password }, false);
export const getProfile = () => request<Profile>('GET', '/auth/me');
export const patchProfile = (
  body: Partial<Pick<Profile, 'location_zip' | 'latitude' | 'longitude' | 'home_size_sqft' | 'timezone' | 'weather_entity_id' | 'pricing_location'>>,
) => request<Profile>('PATCH', '/auth/me', body);

export const listAppliances = () => request<Appliance[]>('GET', '/api/v1/appliances');
export const createAppliance = (body: { appliance_type: ApplianceType; name: string; config: Record<string, unknown> }) =>
  request<ApplianceCreated>('POST', '/api/v1/appliances', body);
export const updateAppliance = (applianceId: string, body: { name?: string; config?: Record<string, unknown>; is_active?: boolean }) =>
  request<Appliance>('PUT', `/api/v1/appliances/${id(applianceId)}`, body);
export const deleteAppliance = (applianceId: string) => request<void>('DELETE', `/api/v1/appliances/${id(applianceId)}`);
export const getConstraints = (applianceId: string) => request<ConstraintsResponse>('GET', `/api/v1/appliances/${id(applianceId)}/constraints`);
export const saveConstraints = (applianceId: string, body: Record<string, unknown>) =>
  request<ConstraintsResponse>('POST', `/api/v1/appliances/${id(applianceId)}/constraints`, body);

export const getPreferences = () => request<AccountPreferences>('GET', '/api/v1/preferences');
export const putPreferences = (body: PreferencesUpdateRequest) => request<AccountPreferences>('PUT', '/api/v1/preferences', body);
export const getAppliancePreferences = (applianceId: string) => request<Preferences>('GET', `/api/v1/appliances/${id(applianceId)}/preferences`);
export const putAppliancePreferences = (applianceId: string, body: AppliancePreferencesUpdateRequest) =>
  request<Preferences>('PUT', `/api/v1/appliances/${id(applianceId)}/preferences`, body);

export const listHubEntities = () => request<HubEntityList>('GET', '/api/v1/hub-entities');

export const getApplianceInsights = (applianceId: string) => request<InsightsResponse>('GET', `/api/v1/appliances/${id(applianceId)}/insights`);

export const getRates = () => request<RateCurve>('GET', '/api/v1/rates');
export const putRates = (body: RatesUpdateRequest) => request<RateCurve>('PUT', '/api/v1/rates', body);

export const getSchedules = () => request<SchedulesView>('GET', '/api/v1/schedules');
export const getHvacSchedule = (applianceId: string) => request<HvacScheduleResponse>('GET', `/api/v1/schedule${q({ appliance_id: applianceId })}`);
export const getApplianceSchedule = (applianceId: string) => request<ApplianceScheduleResponse>('GET', `/api/v1/appliances/${id(applianceId)}/schedule`);
export const recompute = () => request<RecomputeResponse>('POST', '/api/v1/schedule/recompute');
export const getScheduleHistory = (params: { appliance_id?: string; start?: string; end?: string }) =>
  request<ScheduleHistory>('GET', `/api/v1/schedules/history${q(params)}`);
export const getHealth = () => request<IntegrationHealth>('GET', '/api/v1/integration/health');

export const createEnrollToken = () => request<EnrollToken>('POST', '/api/v1/devices/enroll-token');
export const listDevices = () => request<Device[]>('GET', '/api/v1/devices');
export const deleteDevice = (deviceId: string) => request<void>('DELETE', `/api/v1/devices/${id(deviceId)}`);
export interface ControlCommand {
  power?: boolean;
  mode?: 'COOL' | 'HEAT' | 'OFF';
  target_temp_f?: number;
  fan?: 'low' | 'high' | 'auto';
  hold?: boolean;
}
export const sendCommand = (applianceId: string, body: ControlCommand) => request<CommandQueued>('POST', `/api/v1/appliances/${id(applianceId)}/command`, body);

export const getMetricsSummary = (window: number) => request<MetricsSummary>('GET', `/api/v1/me/metrics/summary${q({ window })}`);
export const getMetricsDaily = (params: { start?: string; end?: string }) => request<MetricsDaily>('GET', `/api/v1/me/metrics/daily${q(params)}`);
export const getMetricsDay = (date: string) => request<MetricsDayView>('GET', `/api/v1/me/metrics/day/${id(date)}`);
export const getLedger = (date: string) => request<DayLedger>('GET', `/api/v1/me/metrics/ledger/${id(date)}`);
export const getRankings = (window: number) => request<RankingsResponse>('GET', `/api/v1/me/rankings${q({ window })}`);
