// The two links the add-on depends on, Home Assistant and the Offpeak cloud, as a homeowner needs
// them: working, or what fails and which option (or environment variable, outside the Supervisor)
// to change. A cloud that answers but refuses is `refused`, never `unreachable`. Each new problem
// is logged once at warning; the status line and the panel read the same record (status.ts).
import { CloudError } from '@offpeak/client-kit';
import type { AddonConfig } from './config.js';
import type { Logger } from './log.js';

export type LinkState = 'connecting' | 'ok' | 'unreachable' | 'refused';

export interface LinkStatus {
  state: LinkState;
  /** What fails, in words; null while connecting or ok. */
  reason: string | null;
  /** What to change; null while connecting or ok. */
  fix: string | null;
}

export interface Links {
  ha: LinkStatus;
  cloud: LinkStatus;
}

export const CONNECTING: LinkStatus = { state: 'connecting', reason: null, fix: null };
export const LINK_OK: LinkStatus = { state: 'ok', reason: null, fix: null };

/** How Home Assistant answered the last connection attempt. */
export type HaOutcome = 'ok' | 'token_refused' | 'unreachable';

type Config = Pick<AddonConfig, 'ha' | 'cloudUrl'>;

/** The add-on option under the Supervisor, else the environment variable that stands in for it. */
export function settingName(config: Config, option: string, variable: string): string {
  return config.ha.supervised ? `the add-on option ${option}` : variable;
}

// The cloud's details the add-on branches on (the add-on image carries only the contract's types).
const INVALID_LOGIN = 'Invalid login credentials';
const EMAIL_NOT_CONFIRMED = 'Email not confirmed';
const DETAIL_MAX_CHARS = 120;
const shortDetail = (detail: unknown): string => {
  const text = (typeof detail === 'string' ? detail : (JSON.stringify(detail) ?? '')).replace(/\s+/g, ' ').trim();
  return text.length > DETAIL_MAX_CHARS ? `${text.slice(0, DETAIL_MAX_CHARS - 1)}…` : text;
};

/** The account's email and password were refused, or the session can no longer be renewed. */
function isCredentialsRefusal(e: CloudError): boolean {
  return e.credentialsRejected || (e.path === '/auth/login' && e.status === 400 && e.detail === INVALID_LOGIN);
}

/**
 * The cloud link after a failed call, or null when the failure concerns that request alone (a
 * 4xx other than credentials, e.g. one batch of readings refused): the link stays as it was.
 */
export function cloudLinkAfter(e: unknown, config: Config): LinkStatus | null {
  const url = settingName(config, 'cloud_url', 'OFFPEAK_URL');
  if (!(e instanceof CloudError) || e.status === 0) {
    const reason = e instanceof CloudError ? shortDetail(e.detail) : e instanceof Error ? e.message : String(e);
    return {
      state: 'unreachable',
      reason: `no answer from ${config.cloudUrl} (${reason})`,
      fix: `Check ${url} (${config.cloudUrl}) and this machine's internet connection. The add-on keeps the last plan and retries by itself.`,
    };
  }
  const answered = `${e.path} answered ${e.status} ${shortDetail(e.detail)}`;
  if (isCredentialsRefusal(e))
    return {
      state: 'refused',
      reason: `wrong credentials: ${answered}`,
      fix: `Set ${settingName(config, 'email', 'OFFPEAK_EMAIL')} and ${settingName(config, 'password', 'OFFPEAK_PASSWORD')} to your Offpeak account's (or ${settingName(config, 'refresh_token', 'OFFPEAK_REFRESH_TOKEN')} to a new refresh token), then restart the add-on.`,
    };
  if (e.status === 404) return { state: 'refused', reason: answered, fix: `Check ${url}: ${config.cloudUrl} answers, but not as the Offpeak service.` };
  if (e.retryable)
    return {
      state: 'refused',
      reason: answered,
      fix: 'Nothing to change here: the Offpeak service has a problem on its side. The add-on keeps the last plan and retries by itself.',
    };
  if (e.path.startsWith('/auth/'))
    return {
      state: 'refused',
      reason: answered,
      fix:
        e.detail === EMAIL_NOT_CONFIRMED
          ? 'Open the confirmation link Offpeak emailed to you, then restart the add-on.'
          : `Sign in to the Offpeak dashboard with the same account to see why, or change ${settingName(config, 'email', 'OFFPEAK_EMAIL')}.`,
    };
  return null;
}

/** The Home Assistant link after a connection attempt. */
export function haLinkAfter(outcome: HaOutcome, config: Config): LinkStatus {
  if (outcome === 'ok') return LINK_OK;
  const where = config.ha.supervised ? 'Home Assistant (through the Supervisor)' : config.ha.url;
  if (outcome === 'token_refused')
    return {
      state: 'refused',
      reason: `${where} refused the access token`,
      fix: config.ha.supervised
        ? 'Restart the add-on: the Supervisor gives it a new token (SUPERVISOR_TOKEN) at each start. If that does not help, check that the add-on keeps homeassistant_api access.'
        : 'Set HA_TOKEN to a long-lived access token of your Home Assistant user (your profile, Security tab, Long-lived access tokens), then restart the add-on.',
    };
  return {
    state: 'unreachable',
    reason: `cannot connect to ${where}`,
    fix: config.ha.supervised
      ? 'Check that Home Assistant is running (Settings, System). The add-on reconnects by itself.'
      : `Check HA_URL (${config.ha.url}) and that Home Assistant is running. The add-on reconnects by itself.`,
  };
}

/** `ok`, `connecting`, `unreachable: <reason>` or `refused: <reason>`: the status line's text of a link. */
export function linkText(link: LinkStatus): string {
  return link.reason ? `${link.state}: ${link.reason}` : link.state;
}

const LABEL = { ha: 'Home Assistant', cloud: 'cloud' } as const;

/** Records a link's new status; logs it once when it is a new problem (a refusal with another reason is new). */
export function recordLink(links: Links, which: keyof Links, next: LinkStatus, log: Logger, fields: Record<string, unknown> = {}): void {
  const prev = links[which];
  links[which] = next;
  const same = prev.state === next.state && (next.state !== 'refused' || prev.reason === next.reason);
  if (same || next.state === 'connecting') return;
  if (next.state === 'ok') {
    if (which === 'cloud') log.info('cloud reachable', fields);
    return;
  }
  const msg = which === 'cloud' && next.state === 'unreachable' ? 'cloud unreachable; working from the cached plan' : `${LABEL[which]} ${next.state}`;
  log.warn(msg, { ...fields, reason: next.reason, fix: next.fix });
}
