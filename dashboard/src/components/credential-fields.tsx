// The email and password fields of sign-in and sign-up: the same ids, labels and error slots in
// both forms. What differs is what the browser's password manager is told: an existing password
// to fill in, or a new one to suggest (shown with the cloud's rule).
import type { FormErrors } from '../field-errors.js';
import { InputField } from './field.js';

interface CredentialFieldsProps {
  email: string;
  password: string;
  onEmail: (email: string) => void;
  onPassword: (password: string) => void;
  errors: FormErrors['fields'];
  /** Sign-up: the password is a new one (autocomplete `new-password`, with its rule as the hint). */
  isNewPassword?: boolean;
}

export const CREDENTIAL_LABELS = { email: 'Email', password: 'Password' };

export function CredentialFields({ email, password, onEmail, onPassword, errors, isNewPassword = false }: CredentialFieldsProps) {
  return (
    <>
      <InputField id="email" label={CREDENTIAL_LABELS.email} type="email" autocomplete="email" required value={email} onValue={onEmail} error={errors.email} />
      <InputField
        id="password"
        label={CREDENTIAL_LABELS.password}
        type="password"
        autocomplete={isNewPassword ? 'new-password' : 'current-password'}
        required
        value={password}
        onValue={onPassword}
        hint={isNewPassword ? 'At least 6 characters.' : undefined}
        error={errors.password}
      />
    </>
  );
}
