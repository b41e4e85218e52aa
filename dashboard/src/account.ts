// The signed-in account's profile, shared by every view (its time zone formats every time shown).
import type { Profile } from '@offpeak/cloud/contract';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';

export interface AccountState {
  profile: Profile;
  /** Re-reads the profile (after PATCH /auth/me). */
  setProfile: (p: Profile) => void;
}

export const AccountContext = createContext<AccountState | null>(null);

export function useAccount(): AccountState {
  const state = useContext(AccountContext);
  if (!state) throw new Error('useAccount outside a signed-in page');
  return state;
}

export const isPremium = (p: Profile) => p.subscription_tier === 'premium';
