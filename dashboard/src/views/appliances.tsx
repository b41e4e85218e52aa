// The appliance list: each with its type, state and a link to edit it.
import { listAppliances } from '../api.js';
import { TYPE_LABEL } from '../appliance-forms.js';
import { PremiumNote } from '../components/premium-note.js';
import { Empty, Failed, Loading } from '../components/states.js';
import { formatInstant } from '../format.js';
import { useAccount } from '../account.js';
import { onLinkClick } from '../router.js';
import { useLoad, usePage } from '../use-load.js';

export function AppliancesList() {
  usePage('Appliances');
  const { profile } = useAccount();
  const list = useLoad(listAppliances);
  return (
    <section>
      <div class="page-head">
        <h1 tabIndex={-1}>Appliances</h1>
        <a class="button" href="/appliances/new" onClick={onLinkClick}>
          Add an appliance
        </a>
      </div>
      {list.loading && !list.data && <Loading what="your appliances" />}
      {list.error !== undefined && <Failed error={list.error} />}
      {list.data && list.data.length === 0 && (
        <Empty testid="appliances-empty">
          <p>No appliances yet. Add your thermostat, EV charger, battery or water heater and Offpeak plans when each one runs.</p>
        </Empty>
      )}
      {list.data && list.data.length > 0 && (
        <ul class="cards" data-testid="appliance-list">
          {list.data.map((a) => (
            <li key={a.id} class="card" data-testid="appliance-card">
              <h2>
                <a href={`/appliances/${a.id}`} onClick={onLinkClick}>
                  {a.name}
                </a>
              </h2>
              <p>{TYPE_LABEL[a.appliance_type]}</p>
              <p>
                <span class={`badge ${a.is_active ? 'badge-healthy' : 'badge-no_data'}`}>{a.is_active ? 'Active' : 'Inactive'}</span>{' '}
                {typeof a.config.entity_id === 'string' && <code>{a.config.entity_id}</code>}
                {typeof a.config.ir_protocol === 'string' && <span> satellite</span>}
              </p>
              <p class="muted">Added {formatInstant(a.created_at, profile.timezone)}</p>
            </li>
          ))}
        </ul>
      )}
      <PremiumNote context="appliances" />
    </section>
  );
}
