// The panel's script and style, served beside the page. The script re-reads the page every 30 s
// and swaps the status in when it changed (focus stays where it was when nothing changed).

export const PANEL_SCRIPT = `'use strict';
setInterval(async () => {
  try {
    const res = await fetch(location.href, { cache: 'no-store' });
    if (!res.ok) return;
    const next = new DOMParser().parseFromString(await res.text(), 'text/html');
    const main = document.getElementById('status');
    const fresh = next.getElementById('status');
    if (main && fresh && main.innerHTML !== fresh.innerHTML) main.innerHTML = fresh.innerHTML;
    const updated = document.getElementById('updated');
    const stamp = next.getElementById('updated');
    if (updated && stamp) updated.innerHTML = stamp.innerHTML;
  } catch {
    // The add-on is restarting: the next round tries again.
  }
}, 30000);
`;

export const PANEL_CSS = `body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; line-height: 1.5; color: #1c1c1c; background: #fff; }
h1 { font-size: 1.6rem; }
h2 { font-size: 1.25rem; margin-top: 1.5rem; }
ul { padding-left: 1.2rem; }
table { border-collapse: collapse; width: 100%; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.5rem; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid #d0d0d0; }
.link-ok strong { color: #1b5e20; }
.link-refused strong, .link-unreachable strong, .problem { color: #b00020; }
.fix { margin: 0.25rem 0 0; }
a { color: #0b57d0; }
footer { margin-top: 2rem; color: #4a4a4a; font-size: 0.9rem; }
`;
