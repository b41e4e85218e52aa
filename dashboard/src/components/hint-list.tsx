// The insights hints of one HVAC: what, the advice, since when, how sure, and the figures behind it.
import type { InsightHint } from '@offpeak/cloud/contract';
import { formatInstant } from '../format.js';
import { confidenceText, HINT_LABEL, hintFigures } from '../hint-text.js';

export function HintList({ hints, zone }: { hints: readonly InsightHint[]; zone: string }) {
  if (hints.length === 0) {
    return (
      <p class="muted" data-testid="no-hints">
        No hints: the last 30 days of readings look as expected.
      </p>
    );
  }
  return (
    <ul class="hints" data-testid="hints">
      {hints.map((h) => (
        <li key={h.kind} class="hint" data-testid={`hint-${h.kind}`}>
          <h3>{HINT_LABEL[h.kind]}</h3>
          <p>{h.advice}</p>
          <p class="muted">
            Since {formatInstant(h.since, zone)} · confidence {confidenceText(h.confidence)}
          </p>
          <dl class="facts">
            {hintFigures(h.numbers).map((f) => (
              <div key={f.label}>
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
