// The account's comfort preferences.
import { getPreferences, putPreferences } from '../api.js';
import { PreferencesForm } from '../components/preferences-form.js';
import { Failed, Loading } from '../components/states.js';
import { useLoad, usePage } from '../use-load.js';

export function Comfort() {
  usePage('Comfort');
  const prefs = useLoad(getPreferences);
  return (
    <section>
      <h1 tabIndex={-1}>Comfort preferences</h1>
      <p class="lead">
        How warm or cool you like your home, and how far Offpeak may drift from it to save money. Each HVAC can override these on its own page.
      </p>
      {prefs.loading && !prefs.data && <Loading what="your preferences" />}
      {prefs.error !== undefined && <Failed error={prefs.error} />}
      {prefs.data && <PreferencesForm prefix="account" scope="account" initial={prefs.data} save={putPreferences} />}
    </section>
  );
}
