// What premium adds, shown to free accounts where a limit applies.
import { isPremium, useAccount } from '../account.js';

export const UPGRADE_REQUIRED = 'Upgrade required';

/** Why the API said `Upgrade required`, in words. */
export const upgradeReason = (what: 'hvac' | 'satellite') =>
  what === 'hvac'
    ? 'Upgrade required: the free plan includes one heating and cooling unit (HVAC). Premium adds more HVACs.'
    : 'Upgrade required: a satellite adds a heating and cooling unit (HVAC), and the free plan includes one. Premium adds more.';

export function PremiumNote({ context }: { context: 'appliances' | 'satellites' | 'home' }) {
  const { profile } = useAccount();
  if (isPremium(profile)) {
    return context === 'home' ? <p data-testid="tier">Plan: Premium. Every HVAC and satellite you add is planned.</p> : null;
  }
  return (
    <aside class="premium" aria-labelledby={`premium-${context}`} data-testid="premium-note">
      <h2 id={`premium-${context}`}>Free plan</h2>
      <p>Your free plan plans one heating and cooling unit (HVAC) plus any number of EV chargers, batteries, water heaters, robots and solar arrays.</p>
      <p>Premium adds:</p>
      <ul>
        <li>more than one HVAC, each with its own comfort preferences;</li>
        <li>satellites for air conditioners without a smart thermostat (each one adds an HVAC).</li>
      </ul>
      {context === 'satellites' && (
        <p>On the free plan, a satellite can be claimed only while the account has no HVAC yet; otherwise its claim is refused with "Upgrade required".</p>
      )}
    </aside>
  );
}
