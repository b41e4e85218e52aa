// Where signing in leads: back to the page that sent the person to sign in (`/signin?next=...`).

/**
 * The page `next` names, when it is a page of this app at `origin` and not one of `excluded` (the
 * sign-in pages); otherwise `fallback`. Parsed as a URL, so `//host`, `/\host` and absolute URLs of
 * another origin never lead away.
 */
export function nextPage(next: string | null, origin: string, excluded: readonly string[], fallback: string): string {
  if (!next || !next.startsWith('/')) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || excluded.includes(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
