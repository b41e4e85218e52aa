// A small history router: the cloud answers every app route with index.html, so paths are real.
import { useEffect, useState } from 'preact/hooks';

const listeners = new Set<() => void>();

/** Goes to `path` (pushState), or replaces the current entry. */
export function navigate(path: string, replace = false): void {
  if (path === location.pathname + location.search) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', path);
  for (const fn of listeners) fn();
}

addEventListener('popstate', () => {
  for (const fn of listeners) fn();
});

/** The current path, re-rendering on navigation. */
export function usePath(): string {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const fn = () => setPath(location.pathname);
    listeners.add(fn);
    return () => listeners.delete(fn);
  }, []);
  return path;
}

/** `/appliances/:id` against `/appliances/42` -> { id: '42' }; null when it does not match. */
export function matchRoute(pattern: string, path: string): Record<string, string> | null {
  const a = pattern.split('/');
  const b = path.replace(/\/+$/, '').split('/');
  if (a.length !== b.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < a.length; i++) {
    if (a[i]!.startsWith(':')) params[a[i]!.slice(1)] = decodeURIComponent(b[i]!);
    else if (a[i] !== b[i]) return null;
  }
  return params;
}

/** Click handler for in-app links: plain left clicks navigate without a page load. */
export function onLinkClick(e: MouseEvent): void {
  const a = (e.currentTarget as HTMLAnchorElement | null) ?? null;
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(a.getAttribute('href')!);
}
