// Sign in and sign up. The API's errors appear next to the field they concern.
import { useState } from 'preact/hooks';
import { login, signup, type SignupFields } from '../api.js';
import { CREDENTIAL_LABELS, CredentialFields } from '../components/credential-fields.js';
import { FormStatus, InputField } from '../components/field.js';
import { formErrors, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { onLinkClick } from '../router.js';
import { setSession } from '../session.js';
import { usePage } from '../use-load.js';

const AUTH_ALIASES = {
  'User already registered': 'email',
  'Email not confirmed': 'email',
  Password: 'password',
  'Invalid login credentials': 'password',
};

/** The browser's IANA zone, proposed for a new account without a ZIP. */
const BROWSER_ZONE: string | undefined = Intl.DateTimeFormat().resolvedOptions().timeZone;

const SIGNUP_LABELS = { ...CREDENTIAL_LABELS, location_zip: 'ZIP code (optional)', home_size_sqft: 'Home size in square feet (optional)' };

/** What the emailed confirmation link said (`/signin?confirmed=yes|no`), or that a password reset is done (`?reset=yes`). */
function confirmation(): { error: string | null; saved: string | null } {
  const params = new URLSearchParams(location.search);
  if (params.get('reset') === 'yes') return { error: null, saved: 'Your password is changed. Sign in with the new one.' };
  const confirmed = params.get('confirmed');
  if (confirmed === 'yes') return { error: null, saved: 'Your email is confirmed. Sign in to continue.' };
  if (confirmed === 'no') return { error: 'This confirmation link is invalid or was already used.', saved: null };
  return { error: null, saved: null };
}

export function SignIn() {
  usePage('Sign in');
  const [notice, setNotice] = useState(confirmation);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setNotice({ error: null, saved: null });
    try {
      setSession(await login(email, password));
    } catch (err) {
      setErrors(formErrors(err, CREDENTIAL_LABELS, AUTH_ALIASES));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Sign in to Offpeak</h1>
      <form onSubmit={submit} noValidate>
        <CredentialFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} errors={errors.fields} />
        <FormStatus id="signin" error={errors.form ?? notice.error} saved={notice.saved} />
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <a href="/forgot-password" onClick={onLinkClick}>
          Forgot password?
        </a>
      </p>
      <p>
        New to Offpeak?{' '}
        <a href="/signup" onClick={onLinkClick}>
          Create an account
        </a>
      </p>
    </section>
  );
}

export function SignUp() {
  usePage('Create an account');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [zip, setZip] = useState('');
  const [size, setSize] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    const body: SignupFields = { email, password };
    // Without a ZIP the account plans in this browser's time zone (a ZIP gives its own zone).
    if (zip.trim()) body.location_zip = zip.trim();
    else if (BROWSER_ZONE) body.timezone = BROWSER_ZONE;
    if (size.trim()) body.home_size_sqft = Number(size);
    try {
      const answer = await signup(body);
      if ('access_token' in answer && answer.access_token) setSession(answer);
      else setPending(answer.user.email);
    } catch (err) {
      setErrors(formErrors(err, SIGNUP_LABELS, AUTH_ALIASES));
    } finally {
      setBusy(false);
    }
  };
  if (pending) {
    return (
      <section class="narrow">
        <h1 tabIndex={-1}>Confirm your email</h1>
        <p role="status">We sent a confirmation link to {pending}. Open it, then sign in.</p>
        <a href="/signin" onClick={onLinkClick}>
          Sign in
        </a>
      </section>
    );
  }
  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Create your Offpeak account</h1>
      <form onSubmit={submit} noValidate>
        <CredentialFields email={email} password={password} onEmail={setEmail} onPassword={setPassword} errors={errors.fields} isNewPassword />
        <InputField
          id="location_zip"
          label={SIGNUP_LABELS.location_zip}
          inputMode="numeric"
          autocomplete="postal-code"
          value={zip}
          onValue={setZip}
          hint={`Used for the weather forecast and your time zone. Without one, times and plans use ${BROWSER_ZONE ?? 'UTC'}, this browser's time zone (change it under Home).`}
          error={errors.fields.location_zip}
        />
        <InputField
          id="home_size_sqft"
          label={SIGNUP_LABELS.home_size_sqft}
          type="number"
          min={0}
          value={size}
          onValue={setSize}
          error={errors.fields.home_size_sqft}
        />
        <FormStatus id="signup" error={errors.form} />
        <button type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account?{' '}
        <a href="/signin" onClick={onLinkClick}>
          Sign in
        </a>
      </p>
    </section>
  );
}
