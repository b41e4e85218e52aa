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
  const set = (which: 'low' | 'high', h: number, v: string) => {
    const next = { low: [...band.low], high: [...band.high] };
    next[which][h] = v;
    onChange(next);
  };
  const lows = band.low.map(num);
  const highs = band.high.map(num);
  const valid = lows.filter((v): v is number => v !== null);
  const validHigh = highs.filter((v): v is number => v !== null);
  const summary =
    valid.length && validHigh.length
      ? `Comfort band over the day: lowest allowed ${Math.min(...valid)} °F, highest allowed ${Math.max(...validHigh)} °F. The widest hour is ${hourLabel(
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
        band={{ upper: 0, lower: 1, color: 'rgba(46, 125, 50, 0.18)' }}
        height={200}
      />
      {error && (
        <p class="error" role="alert" id={`${prefix}-band-error`} data-testid={`${prefix}-band-error`}>
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
                <td>
                  <input
                    type="number"
                    min={50}
                    max={90}
                    step={0.5}
                    aria-label={`Low at ${hourLabel(h)}`}
                    value={band.low[h]}
                    onInput={(e) => set('low', h, (e.currentTarget as HTMLInputElement).value)}
                    aria-describedby={error ? `${prefix}-band-error` : undefined}
                  />
                </td>
                <td>
                  <input
                    type="number"
                    min={50}
                    max={90}
                    step={0.5}
                    aria-label={`High at ${hourLabel(h)}`}
                    value={band.high[h]}
                    onInput={(e) => set('high', h, (e.currentTarget as HTMLInputElement).value)}
                    aria-describedby={error ? `${prefix}-band-error` : undefined}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
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
