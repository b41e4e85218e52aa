// The hourly comfort band: 24 low and high values, edited in a table and drawn as a band.
import { hourLabel } from '../format.js';
import { Chart } from './chart.js';

export interface Band {
  low: string[];
  high: string[];
}

/** A band of 24 hours around `base` (±`half` F). */
export const flatBand = (base: number, half: number): Band => ({
  low: Array.from({ length: 24 }, () => String(base - half)),
  high: Array.from({ length: 24 }, () => String(base + half)),
});

const num = (v: string) => (v.trim() === '' || !Number.isFinite(Number(v)) ? null : Number(v));

export function BandEditor({ prefix, band, onChange, error }: { prefix: string; band: Band; onChange: (b: Band) => void; error?: string | undefined }) {
  const set = (which: keyof Band, h: number, v: string) => {
    const next = { low: [...band.low], high: [...band.high] };
    next[which][h] = v;
    onChange(next);
  };
  const errorId = error ? `${prefix}-band-error` : undefined;
  const lows = band.low.map(num);
  const highs = band.high.map(num);
  const validLow = lows.filter((v): v is number => v !== null);
  const validHigh = highs.filter((v): v is number => v !== null);
  const summary =
    validLow.length && validHigh.length
      ? `Comfort band over the day: lowest allowed ${Math.min(...validLow)} °F, highest allowed ${Math.max(...validHigh)} °F. The widest hour is ${hourLabel(
          widest(lows, highs),
        )}.`
      : 'The band is not filled in yet.';
  return (
    <div class="band-editor">
      <Chart
        id={`${prefix}-band-chart`}
        title="Your hourly comfort band"
        summary={summary}
        xLabels={Array.from({ length: 24 }, (_, h) => hourLabel(h))}
        leftUnit="°F"
        series={[
          { label: 'High', values: highs, color: '#b3261e', kind: 'step' },
          { label: 'Low', values: lows, color: '#1d5fa8', kind: 'step' },
        ]}
        bands={[{ upper: 0, lower: 1, color: 'rgba(46, 125, 50, 0.18)' }]}
        height={200}
      />
      {error && (
        <p class="error" role="alert" id={errorId} data-testid={`${prefix}-band-error`}>
          {error}
        </p>
      )}
      <div class="table-scroll" tabIndex={0} role="region" aria-label="Hourly band values">
        <table class="band-table">
          <caption>Low and high temperature for each hour (°F, 50 to 90)</caption>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              <th scope="col">Low</th>
              <th scope="col">High</th>
            </tr>
          </thead>
          <tbody>
            {band.low.map((_, h) => (
              <tr key={h}>
                <th scope="row">{hourLabel(h)}</th>
                <BandCell which="low" hour={h} value={band.low[h]!} onInput={set} errorId={errorId} />
                <BandCell which="high" hour={h} value={band.high[h]!} onInput={set} errorId={errorId} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const WHICH_LABEL = { low: 'Low', high: 'High' } as const;

/** One hour's low or high input (°F, 50 to 90 in half degrees). */
function BandCell({
  which,
  hour,
  value,
  onInput,
  errorId,
}: {
  which: keyof Band;
  hour: number;
  value: string;
  onInput: (which: keyof Band, h: number, v: string) => void;
  errorId: string | undefined;
}) {
  return (
    <td>
      <input
        type="number"
        min={50}
        max={90}
        step={0.5}
        aria-label={`${WHICH_LABEL[which]} at ${hourLabel(hour)}`}
        value={value}
        onInput={(e) => onInput(which, hour, (e.currentTarget as HTMLInputElement).value)}
        aria-describedby={errorId}
      />
    </td>
  );
}

function widest(lows: (number | null)[], highs: (number | null)[]): number {
  let best = 0;
  let width = -Infinity;
  lows.forEach((l, h) => {
    const hi = highs[h];
    if (l !== null && hi != null && hi - l > width) {
      width = hi - l;
      best = h;
    }
  });
  return best;
}
