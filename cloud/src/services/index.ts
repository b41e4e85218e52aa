import type { Config } from '../config.js';
import type { Store } from '../store/index.js';
import { createAuthService } from './auth.js';
import { logMailer, type Mailer } from './mailer.js';
import { PlanningEvents } from './planning-events.js';
import { createProfilesService } from './profiles.js';

export interface ServiceOptions {
  config: Pick<Config, 'emailConfirmationRequired' | 'authRateLimitPerMinute' | 'authRateLimitPerIpPerMinute'>;
  jwtSecret: string;
  publicUrl: string;
  /** Replaces the log mailer (tests capture mails with it). */
  mailer?: Mailer;
}

/** Wires every use case over one store. */
export function createServices(store: Store, opts: ServiceOptions) {
  const profiles = createProfilesService(store);
  const auth = createAuthService(store, {
    jwtSecret: opts.jwtSecret,
    emailConfirmationRequired: opts.config.emailConfirmationRequired,
    publicUrl: opts.publicUrl,
    perAccountPerMinute: opts.config.authRateLimitPerMinute,
    perIpPerMinute: opts.config.authRateLimitPerIpPerMinute,
    mailer: opts.mailer ?? logMailer,
  });
  const planningEvents = new PlanningEvents();
  return { db: store.db, store, auth, profiles, planningEvents };
}

export type Services = ReturnType<typeof createServices>;
