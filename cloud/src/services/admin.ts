// Operator commands (`npm run -w cloud admin -- ...`): parsing and use cases, apart from the CLI
// entry point (admin.ts) so the API tests run them against a real store.
import { badRequest, notFound } from '../errors.js';
import type { Store } from '../store/index.js';
import { createProfilesService } from './profiles.js';

export const TIERS = ['free', 'premium'] as const;
export type Tier = (typeof TIERS)[number];

export const ADMIN_USAGE = 'Usage: npm run -w cloud admin -- set-tier EMAIL premium|free';

export type AdminCommand = { command: 'set-tier'; email: string; tier: Tier };

const isTier = (v: unknown): v is Tier => (TIERS as readonly unknown[]).includes(v);

/** Parses the command line after `admin --`; throws AppError(400) with the usage on a bad one. */
export function parseAdminCommand(argv: readonly string[]): AdminCommand {
  const [command, email, tier, ...extra] = argv;
  if (command !== 'set-tier') throw badRequest(`Unknown command ${JSON.stringify(command ?? '')}\n${ADMIN_USAGE}`);
  if (!email || !tier || extra.length > 0) throw badRequest(`set-tier takes an email and a tier\n${ADMIN_USAGE}`);
  if (!isTier(tier)) throw badRequest(`Unknown tier ${JSON.stringify(tier)}: tier must be free or premium`);
  return { command, email, tier };
}

/**
 * Sets an account's subscription tier (the only way to change it: there is no API path). Creates
 * the profile row when the account never called GET /auth/me. Downgrading keeps existing HVACs;
 * only new ones are refused. Throws AppError(404) for an unknown email.
 */
export async function setTier(store: Store, email: string, tier: Tier): Promise<{ email: string; previous: Tier; tier: Tier }> {
  const user = await store.users.findByEmail(email.trim().toLowerCase());
  if (!user) throw notFound(`No account with email ${email}`);
  const profile = await createProfilesService(store).ensure(user.id);
  if (profile.subscription_tier !== tier) await store.profiles.update(user.id, { subscription_tier: tier });
  return { email: user.email, previous: profile.subscription_tier, tier };
}

/** Runs one parsed command and returns the line to print. */
export async function runAdminCommand(store: Store, command: AdminCommand): Promise<string> {
  const { email, previous, tier } = await setTier(store, command.email, command.tier);
  return previous === tier ? `${email} is already on the ${tier} tier` : `${email}: subscription tier changed from ${previous} to ${tier}`;
}
