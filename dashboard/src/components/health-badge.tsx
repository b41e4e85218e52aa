// The link-health badge of one HVAC: status word plus the service's own message.
import type { LinkStatus } from '@offpeak/cloud/contract';

const LABEL: Record<LinkStatus, string> = {
  healthy: 'Healthy',
  stale_data: 'Stale data',
  frozen_sensor: 'Frozen sensor',
  no_data: 'No data',
};

export function HealthBadge({ status, message, name }: { status: LinkStatus; message: string; name: string }) {
  return (
    <p class="health" data-testid="health-badge" data-status={status}>
      <span class={`badge badge-${status}`}>{LABEL[status]}</span> <span class="visually-hidden">link health of {name}: </span>
      <span class="health-message">{message}</span>
    </p>
  );
}
