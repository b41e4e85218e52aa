// The ingress panel's page: the add-on's status (status.ts) as plain HTML, every state in words.
// Every URL starts at the ingress base (X-Ingress-Path) and nothing loads from another origin;
// the dashboard is a link the person may follow, never a request of the page. Pure.
import type { LinkStatus } from '../link-status.js';
import type { AddonStatus, ApplianceStatus, Problem } from '../status.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STATE_WORDS: Record<LinkStatus['state'], string> = { ok: 'Connected', connecting: 'Connecting', unreachable: 'Unreachable', refused: 'Refused' };

/** `<time>` in the account's zone, e.g. 14:30 (America/New_York). */
function time(iso: string | null, zone: string, withSeconds = false): string {
  if (!iso) return 'not scheduled';
  const text = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', ...(withSeconds ? { second: '2-digit' } : {}) }).format(
    new Date(iso),
  );
  return `<time datetime="${esc(iso)}">${esc(text)}</time>`;
}

function fixText(p: Problem | LinkStatus): string {
  return p.fix ? `<p class="fix"><strong>What to change:</strong> ${esc(p.fix)}</p>` : '';
}

function link(name: string, l: LinkStatus, extra = ''): string {
  const words = l.reason ? `${STATE_WORDS[l.state]}: ${esc(l.reason)}` : `${STATE_WORDS[l.state]}${extra}`;
  return `<li class="link-${l.state}"><strong>${name}:</strong> ${words}${fixText(l)}</li>`;
}

/** The cloud before its options are set (a first start): which to set, in words. */
function cloudNotSetUp(missing: string[]): string {
  const items = missing.map((m) => `<li>${esc(m)}</li>`).join('');
  return `<li class="link-refused"><strong>Offpeak cloud:</strong> Not set up yet<p class="fix"><strong>What to change:</strong> set these options in the add-on's Configuration tab, then restart it:</p><ul>${items}</ul></li>`;
}

function appliance(a: ApplianceStatus, zone: string): string {
  const reading = a.lastReading ? `${esc(a.lastReading.text)} at ${time(a.lastReading.at, zone)}` : 'No reading yet';
  const problems = a.problems.map((p) => `<p class="problem">${esc(p.reason)}</p>${fixText(p)}`).join('');
  return `<tr>
<th scope="row">${esc(a.name)}</th>
<td>${a.entityId ? `<code>${esc(a.entityId)}</code>` : 'None set'}${problems}</td>
<td>${reading}</td>
<td>${esc(a.action)}</td>
</tr>`;
}

/** The whole page for `status`; `base` is the ingress path ('' outside ingress). */
export function renderPage(status: AddonStatus, base: string): string {
  const zone = status.timezone;
  const rows = status.appliances.map((a) => appliance(a, zone)).join('\n');
  const appliances = status.appliances.length
    ? `<table>
<caption>What each appliance does in this half hour</caption>
<thead><tr><th scope="col">Appliance</th><th scope="col">Home Assistant entity</th><th scope="col">Last reading</th><th scope="col">Planned now</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : status.cloud.state === 'ok'
      ? `<p>No appliance yet. Add your appliances in the Offpeak dashboard; they appear here within the hour, or at the add-on's next start.</p>`
      : `<p>No appliance known yet: the add-on has not heard from Offpeak (see Connections).</p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Offpeak</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${esc(base)}/panel.css">
<script src="${esc(base)}/panel.js" defer></script>
</head>
<body>
<main id="status">
<h1>Offpeak</h1>
<section aria-labelledby="connections">
<h2 id="connections">Connections</h2>
<ul>
${link('Home Assistant', status.ha, status.haVersion ? ` (version ${esc(status.haVersion)})` : '')}
${status.missingOptions.length ? cloudNotSetUp(status.missingOptions) : link('Offpeak cloud', status.cloud)}
</ul>
</section>
<section aria-labelledby="appliances">
<h2 id="appliances">Appliances</h2>
${appliances}
</section>
<section aria-labelledby="next">
<h2 id="next">Next</h2>
<ul>
<li><strong>Next push of readings:</strong> ${time(status.nextPushAt, zone)}</li>
<li><strong>Next half hour:</strong> ${time(status.nextHalfHourAt, zone)}</li>
<li><strong>Readings sent:</strong> ${status.readingsSent}, <strong>waiting to be sent:</strong> ${status.readingsQueued}</li>
</ul>
<p>Times are in ${esc(zone)}.</p>
</section>
${
  status.dashboardUrl
    ? `<p><a href="${esc(status.dashboardUrl)}" target="_blank" rel="noopener noreferrer">Open the Offpeak dashboard</a> (opens in a new tab) to change appliances, comfort and tariff.</p>`
    : '<p>The link to the Offpeak dashboard appears here once cloud_url is set.</p>'
}
</main>
<footer><p>Add-on version ${esc(status.version)}. Updated at <span id="updated">${time(status.at, zone, true)}</span>; this page refreshes by itself every 30 seconds.</p></footer>
</body>
</html>
`;
}
