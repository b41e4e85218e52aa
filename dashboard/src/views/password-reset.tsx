// A forgotten password: ask for a reset link by email, then set a new password on the page the
// link opens (`/reset-password?token=...`). The cloud answers the request the same whether or not
// the account exists, and so does this page.
import { useState } from 'preact/hooks';
import { requestPasswordReset, resetPassword } from '../api.js';
import { CREDENTIAL_LABELS } from '../components/credential-fields.js';
import { FormStatus, InputField } from '../components/field.js';
import { formErrors, NO_ERRORS, type FormErrors } from '../field-errors.js';
import { navigate, onLinkClick } from '../router.js';
import { setSession } from '../session.js';
import { usePage } from '../use-load.js';

const NEW_PASSWORD_LABELS = { password: 'New password' };

export function ForgotPassword() {
  usePage('Reset your password');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      await requestPasswordReset(email);
      setErrors(NO_ERRORS);
      setSentTo(email.trim());
    } catch (err) {
      setErrors(formErrors(err, { email: CREDENTIAL_LABELS.email }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Reset your password</h1>
      {sentTo ? (
        <p role="status" data-testid="reset-sent">
          If an account uses {sentTo}, we sent it a link to set a new password. The link works once, within an hour.
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>Enter the email you sign in with; we send a link to set a new password.</p>
          <InputField
            id="email"
            label={CREDENTIAL_LABELS.email}
            type="email"
            autocomplete="email"
            required
            value={email}
            onValue={setEmail}
            error={errors.fields.email}
          />
          <FormStatus id="forgot" error={errors.form} />
          <button type="submit" disabled={busy}>
            {busy ? 'Sending…' : 'Send the link'}
          </button>
        </form>
      )}
      <p>
        <a href="/signin" onClick={onLinkClick}>
          Back to sign in
        </a>
      </p>
    </section>
  );
}

export function ResetPassword() {
  usePage('Set a new password');
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    try {
      await resetPassword(token, password);
      // Every session of the account is revoked: this browser signs in again too.
      navigate('/signin?reset=yes', true);
      setSession(null);
    } catch (err) {
      setErrors(formErrors(err, NEW_PASSWORD_LABELS, { Password: 'password' }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="narrow">
      <h1 tabIndex={-1}>Set a new password</h1>
      <form onSubmit={submit} noValidate>
        <InputField
          id="password"
          label={NEW_PASSWORD_LABELS.password}
          type="password"
          autocomplete="new-password"
          required
          value={password}
          onValue={setPassword}
          hint="At least 6 characters. Every device signed in to your account is signed out."
          error={errors.fields.password}
        />
        <FormStatus id="reset" error={errors.form} />
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Set the new password'}
        </button>
      </form>
      {errors.form && (
        <p>
          <a href="/forgot-password" onClick={onLinkClick}>
            Ask for a new link
          </a>
        </p>
      )}
    </section>
  );
}
