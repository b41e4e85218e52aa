// The home's location in the profile form: latitude and longitude in decimal degrees, and a button
// that fills both from the browser's geolocation, kept to 0.1 degree. Saving is the form's.
import { useState } from 'preact/hooks';
import { geolocationFailure, LOCATION_FIELDS, toTenth, type LocationValues } from '../home-location.js';
import { FormStatus, InputField } from './field.js';

const HINT =
  "Places the weather forecast (temperatures and sunshine) and the sun's position; used before the ZIP, and needed for a home outside the US. " +
  'Kept to 0.1 degree (about 11 km). A US ZIP alone also works: leave both empty. ' +
  'The Offpeak add-on fills them in from Home Assistant when they are empty.';

const INPUT_HINTS = { latitude: 'Degrees north; south is negative, e.g. 41.9 or -33.9.', longitude: 'Degrees east; west is negative, e.g. -87.7 or 151.2.' };

/** A cached position is fine: the location is kept to about 11 km. */
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: 20_000 };

interface Note {
  error: string | null;
  saved: string | null;
}

export function LocationFields({
  values,
  onValues,
  errors,
}: {
  values: LocationValues;
  onValues: (v: LocationValues) => void;
  errors: Record<string, string>;
}) {
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>({ error: null, saved: null });
  const locate = () => {
    if (busy) return;
    if (!('geolocation' in navigator)) {
      setNote({ error: geolocationFailure(null), saved: null });
      return;
    }
    setBusy(true);
    setNote({ error: null, saved: null });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        onValues({ latitude: String(toTenth(coords.latitude)), longitude: String(toTenth(coords.longitude)) });
        setNote({ error: null, saved: "Filled in from this device's location: save the profile to keep it." });
        setBusy(false);
      },
      (err) => {
        setNote({ error: geolocationFailure(err.code), saved: null });
        setBusy(false);
      },
      POSITION_OPTIONS,
    );
  };
  return (
    <fieldset aria-describedby="location-hint">
      <legend>Location</legend>
      <p class="hint" id="location-hint">
        {HINT}
      </p>
      <div class="grid">
        {LOCATION_FIELDS.map(({ key, label }) => {
          const k = key as keyof LocationValues;
          // A text input with the full keyboard: a phone's decimal pad may have no minus sign, and
          // a number input reads unparsable text as empty, which would clear the location.
          return (
            <InputField
              key={k}
              id={k}
              label={label}
              autocomplete="off"
              spellcheck={false}
              value={values[k]}
              onValue={(v) => onValues({ ...values, [k]: v })}
              hint={INPUT_HINTS[k]}
              error={errors[k]}
            />
          );
        })}
      </div>
      {/* aria-disabled while busy, not disabled: a disabled button drops keyboard focus to the page body. */}
      <button type="button" class="secondary" onClick={locate} aria-disabled={busy}>
        {busy ? 'Finding this device…' : "Use this device's location"}
      </button>
      <FormStatus id="geolocation" error={note.error} saved={note.saved} />
    </fieldset>
  );
}
