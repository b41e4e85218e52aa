// The home profile (ZIP, location, size, time zone, weather entity), the master pause switch and the plan tier.
import type { Profile } from '@offpeak/cloud/contract';
import { useState } from 'preact/hooks';
import { useAccount } from '../account.js';
import { getPreferences, listHubEntities, patchProfile, putPreferences } from '../api.js';
import { EntityField } from '../components/entity-field.js';
import { FormStatus, InputField } from '../components/field.js';
import { LocationFields } from '../components/location-fields.js';
import { PremiumNote } from '../components/premium-note.js';
import { Failed, Loading } from '../components/states.js';
import { entityChoices, entityFieldHint } from '../entity-options.js';
import { formErrors, labelsOf, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { LOCATION_FIELDS, locationBody, locationText, pairErrorAlias, type LocationValues } from '../home-location.js';
import { useLoad, usePage } from '../use-load.js';

const PROFILE_LABELS = {
  location_zip: 'ZIP code',
  ...labelsOf(LOCATION_FIELDS),
  home_size_sqft: 'Home size (sq ft)',
  timezone: 'Time zone',
  weather_entity_id: 'Weather entity',
};

const WEATHER_DOMAINS = ['weather'];

const ZONES: string[] = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];

export function HomeView() {
  usePage('Home');
  return (
    <section>
      <h1 tabIndex={-1}>Your home</h1>
      <div class="columns">
        <section class="panel" aria-labelledby="profile-h">
          <h2 id="profile-h">Home profile</h2>
          <ProfileForm />
        </section>
        <section class="panel" aria-labelledby="pause-h">
          <h2 id="pause-h">Optimization</h2>
          <MasterSwitch />
        </section>
      </div>
      <PremiumNote context="home" />
    </section>
  );
}

function ProfileForm() {
  const { profile, setProfile } = useAccount();
  const [zip, setZip] = useState(profile.location_zip);
  const [location, setLocation] = useState<LocationValues>(() => storedLocation(profile));
  const [size, setSize] = useState(String(profile.home_size_sqft || ''));
  const [zone, setZone] = useState(profile.timezone);
  const [weather, setWeather] = useState(profile.weather_entity_id);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState<string | null>(null);
  const hubEntities = useLoad(listHubEntities);
  const submit = async (e: Event) => {
    e.preventDefault();
    setSaved(null);
    const place = locationBody(location);
    if ('errors' in place) {
      setErrors({ fields: place.errors, form: 'Please correct the fields marked above.' });
      return;
    }
    try {
      // The location goes only when edited: one the add-on filled in since the form opened stays.
      const isLocationEdited = place.body.latitude !== (profile.latitude ?? null) || place.body.longitude !== (profile.longitude ?? null);
      const next = await patchProfile({
        location_zip: zip.trim(),
        ...(isLocationEdited && place.body),
        home_size_sqft: size.trim() === '' ? 0 : Number(size),
        timezone: zone.trim(),
        weather_entity_id: weather.trim(),
      });
      setProfile(next);
      setZone(next.timezone);
      setLocation(storedLocation(next));
      setErrors(NO_ERRORS);
      setSaved('Profile saved.');
    } catch (err) {
      setErrors(formErrors(err, PROFILE_LABELS, pairErrorAlias(location)));
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <InputField
        id="location_zip"
        label={PROFILE_LABELS.location_zip}
        inputMode="numeric"
        autocomplete="postal-code"
        value={zip}
        onValue={setZip}
        hint="US ZIP; the weather forecast uses it when no location is set."
        error={errors.fields.location_zip}
      />
      <LocationFields values={location} onValues={setLocation} errors={errors.fields} />
      <InputField
        id="home_size_sqft"
        label={PROFILE_LABELS.home_size_sqft}
        type="number"
        min={0}
        max={100000}
        value={size}
        onValue={setSize}
        error={errors.fields.home_size_sqft}
      />
      <InputField
        id="timezone"
        label={PROFILE_LABELS.timezone}
        list="timezones"
        value={zone}
        onValue={setZone}
        hint="An IANA name such as America/Chicago. Every time on this site is shown in it."
        error={errors.fields.timezone}
      />
      <datalist id="timezones">
        {ZONES.map((z) => (
          <option key={z} value={z} />
        ))}
      </datalist>
      <EntityField
        id="weather_entity_id"
        label={PROFILE_LABELS.weather_entity_id}
        value={weather}
        onValue={setWeather}
        choices={hubEntities.data ? entityChoices(hubEntities.data.entities, WEATHER_DOMAINS) : []}
        hint={entityFieldHint('Optional weather.* entity on your hub, e.g. weather.home.', hubEntities.data, WEATHER_DOMAINS)}
        error={errors.fields.weather_entity_id}
      />
      <FormStatus id="profile" error={errors.form} saved={saved} />
      <button type="submit">Save profile</button>
    </form>
  );
}

/** The saved location as the inputs show it: the cloud's 0.1-degree values. */
const storedLocation = (p: Profile): LocationValues => ({ latitude: locationText(p.latitude), longitude: locationText(p.longitude) });

function MasterSwitch() {
  const prefs = useLoad(getPreferences);
  const [error, setError] = useState<string | null>(null);
  if (prefs.loading && !prefs.data) return <Loading what="the switch" />;
  if (prefs.error !== undefined) return <Failed error={prefs.error} />;
  const on = prefs.data!.optimization_enabled;
  const flip = async () => {
    try {
      prefs.set(await putPreferences({ optimization_enabled: !on }));
      setError(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <>
      <p data-testid="optimization-state" role="status">
        {on ? 'Optimization is on: your appliances follow their plans.' : 'Optimization is paused: plans are still computed, but none is applied.'}
      </p>
      <button type="button" onClick={flip} class={on ? 'danger' : ''}>
        {on ? 'Pause optimization' : 'Resume optimization'}
      </button>
      <FormStatus id="pause" error={error} />
    </>
  );
}
