// GET /api/v1/integration/health (4.10) and the inline block of the schedules endpoints (2.11).

/** 3.5: worst first, no_data > stale_data > frozen_sensor > healthy. */
export type LinkStatus = 'healthy' | 'stale_data' | 'frozen_sensor' | 'no_data';

/** The fields of the account block, repeated per HVAC. */
export interface LinkHealthFields {
  status: LinkStatus;
  /** ISO timestamp of the newest reading in the window. */
  last_reading_at: string | null;
  last_reading_age_seconds: number | null;
  /** Readings in the window (account block: across all HVACs). */
  sample_count: number;
  /** Plain text for the homeowner; safe to render verbatim (never contains user input). */
  message: string;
  lookback_hours: number;
}

/** One HVAC's entry. */
export interface ApplianceLinkHealth extends LinkHealthFields {
  appliance_id: string;
  name: string;
}

/** The health block (2.11). */
export interface IntegrationHealth extends LinkHealthFields {
  /** One entry per HVAC, oldest first; empty when the account has none. */
  appliances: ApplianceLinkHealth[];
}
