// GET /api/v1/integration/health (4.10) and the inline block of the schedules endpoints (2.11).
// The shapes are defined beside the pure code that computes them.
export type { ApplianceLinkHealth, LinkHealth as IntegrationHealth, LinkHealthFields, LinkStatus } from '../domain/link-health.js';
