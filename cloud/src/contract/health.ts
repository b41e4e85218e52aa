// GET /api/v1/integration/health and the inline block of the schedules endpoints.
// The shapes are defined beside the pure code that computes them.
export type { ApplianceLinkHealth, LinkHealth as IntegrationHealth, LinkHealthFields, LinkStatus } from '../domain/link-health.js';
