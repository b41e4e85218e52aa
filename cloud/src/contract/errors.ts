/** Every error response body. 422 validation errors may carry a structured detail. */
export interface ErrorBody {
  detail: string | unknown;
}

/** Exact error details of the spec that clients branch on. */
export const DETAIL = {
  notAuthenticated: 'Not authenticated',
  invalidToken: 'Invalid token',
  tokenExpired: 'Token expired',
  invalidRefreshToken: 'Invalid Refresh Token',
  userAlreadyRegistered: 'User already registered',
  invalidLoginCredentials: 'Invalid login credentials',
  emailNotConfirmed: 'Email not confirmed',
  invalidResetLink: 'Invalid or expired reset link',
  databaseUnavailable: 'Database unavailable',
  upgradeRequired: 'Upgrade required',
  applianceNotFound: 'Appliance not found',
} as const;
