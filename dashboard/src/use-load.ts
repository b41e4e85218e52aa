// Loads data for a view: { data, error, loading, reload }.
import { useCallback, useEffect, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => Promise<void>;
  set: (value: T) => void;
}

export function useLoad<T>(load: () => Promise<T>, deps: unknown[] = []): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await load());
      setError(undefined);
    } catch (err) {
      setError(err);
    } finally {
      setLoading(false);
    }
  }, deps);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, loading, reload, set: setData };
}

/** Sets the document title and moves focus to the page heading (screen readers hear the new page). */
export function usePage(title: string): void {
  useEffect(() => {
    document.title = `${title} · Offpeak`;
    const h1 = document.querySelector<HTMLElement>('main h1');
    if (h1 && document.activeElement?.closest('main') == null) h1.focus({ preventScroll: true });
  }, [title]);
}
