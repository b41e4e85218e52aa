// Loading, empty and failed states, the same everywhere.
import type { ComponentChildren } from 'preact';

export const Loading = ({ what }: { what: string }) => (
  <p class="loading" role="status" aria-live="polite">
    Loading {what}…
  </p>
);

export const Empty = ({ children, testid }: { children: ComponentChildren; testid?: string }) => (
  <div class="empty" data-testid={testid}>
    {children}
  </div>
);

export const Failed = ({ error }: { error: unknown }) => (
  <p class="error" role="alert">
    {error instanceof Error ? error.message : String(error)}
  </p>
);
