// A time-of-day chart drawn by uPlot, accessible: the canvas is one role="img" named by the title
// and described by a written summary, and every number is in a table screen readers can browse.
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
  color: string;
  /** How it is drawn: a line, steps (setpoints, prices, on/off) or bars. */
  kind?: 'line' | 'step' | 'bars';
  /** Which y axis: the left one (default), the right one, or `shade`: 0 to 1 drawn full height behind the others, with no axis (on/off slots). */
  axis?: 'left' | 'right' | 'shade';
  dash?: number[];
  /** Number format in the table. */
  digits?: number;
  /** Left out of the table (a band edge already listed). */
  hideInTable?: boolean;
}

export interface ChartProps {
  id: string;
  title: string;
  /** The written summary: what a sighted person would read off the chart. */
  summary: string;
  /** One label per point (slot times, dates). */
  xLabels: readonly string[];
  series: readonly ChartSeries[];
  leftUnit: string;
  rightUnit?: string;
  /** Fills between two series (indexes into `series`): the comfort band, a prediction band. */
  bands?: readonly { upper: number; lower: number; color: string }[];
  height?: number;
  /** Called with the point index when a point is clicked (day drill-down). */
  onPick?: (index: number) => void;
  /** One sentence per point (a plan slot's reason): the table's last column, and the line shown while the pointer is over that point. */
  notes?: { label: string; values: readonly string[] };
}

const cell = (v: number | null | undefined, digits: number) => (v == null || !Number.isFinite(v) ? '—' : v.toFixed(digits));

function buildOptions(p: ChartProps, width: number, hover: HTMLElement | null): uPlot.Options {
  const stepped = uPlot.paths.stepped!({ align: 1 });
  const bars = uPlot.paths.bars!({ size: [0.7, 40] });
  const hasRight = p.series.some((s) => s.axis === 'right');
  const hasShade = p.series.some((s) => s.axis === 'shade');
  const opts: uPlot.Options = {
    width,
    height: p.height ?? 240,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false }, y: { auto: true }, ...(hasRight && { r: { auto: true } }), ...(hasShade && { s: { auto: false, range: [0, 1] } }) },
    axes: [
      {
        values: (_u, splits) => splits.map((i) => p.xLabels[Math.round(i)] ?? ''),
        stroke: '#333',
        grid: { stroke: '#e4e4e4' },
      },
      { label: p.leftUnit, stroke: '#333', grid: { stroke: '#e4e4e4' }, size: 56 },
      ...(hasRight ? [{ label: p.rightUnit ?? '', scale: 'r', side: 1 as const, stroke: '#333', grid: { show: false }, size: 56 }] : []),
    ],
    series: [
      {},
      ...p.series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        scale: s.axis === 'right' ? 'r' : s.axis === 'shade' ? 's' : 'y',
        ...(s.dash && { dash: s.dash }),
        ...(s.kind === 'step' && { paths: stepped }),
        ...(s.kind === 'bars' && { paths: bars, fill: s.color }),
        spanGaps: false,
        points: { show: false },
      })),
    ],
  };
  if (p.bands) opts.bands = p.bands.map((b) => ({ series: [b.upper + 1, b.lower + 1], fill: b.color }));
  const notes = p.notes;
  if (notes && hover) {
    opts.hooks = {
      setCursor: [
        (u) => {
          const i = u.cursor.idx;
          hover.textContent = i != null && notes.values[i] ? `${p.xLabels[i]}: ${notes.values[i]}` : '';
        },
      ],
    };
  }
  return opts;
}

export function Chart(p: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const hover = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const data = [p.xLabels.map((_, i) => i), ...p.series.map((s) => s.values.map((v) => (v == null ? null : v)))] as uPlot.AlignedData;
    const plot = new uPlot(buildOptions(p, Math.max(280, el.clientWidth), hover.current), data, el);
    if (p.onPick) {
      plot.over.addEventListener('click', () => {
        const idx = plot.cursor.idx;
        if (idx != null) p.onPick!(idx);
      });
    }
    const ro = new ResizeObserver(() => plot.setSize({ width: Math.max(280, el.clientWidth), height: p.height ?? 240 }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [JSON.stringify([p.xLabels, p.series, p.bands, p.leftUnit, p.rightUnit, p.notes])]);

  const shown = p.series.filter((s) => !s.hideInTable);
  return (
    <figure class="chart" data-testid={p.id}>
      <figcaption id={`${p.id}-title`}>{p.title}</figcaption>
      <div class="chart-canvas" role="img" aria-labelledby={`${p.id}-title`} aria-describedby={`${p.id}-summary`} ref={box} />
      {/* The pointer's slot in words; the table below holds the same for keyboards and screen readers. */}
      {p.notes && <p class="chart-hover" aria-hidden="true" data-testid={`${p.id}-hover`} ref={hover} />}
      <ul class="legend" aria-hidden="true">
        {p.series.map((s) => (
          <li key={s.label}>
            <span class="swatch" style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      <p class="chart-summary" id={`${p.id}-summary`}>
        {p.summary}
      </p>
      <details class="chart-table">
        <summary>Show the numbers</summary>
        <div class="table-scroll" tabIndex={0} role="region" aria-label={`${p.title}: numbers`}>
          <table>
            <caption class="visually-hidden">{p.title}</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                {shown.map((s) => (
                  <th scope="col" key={s.label}>
                    {s.label}
                  </th>
                ))}
                {p.notes && <th scope="col">{p.notes.label}</th>}
              </tr>
            </thead>
            <tbody>
              {p.xLabels.map((x, i) => (
                <tr key={x + i}>
                  <th scope="row">{x}</th>
                  {shown.map((s) => (
                    <td key={s.label}>{cell(s.values[i], s.digits ?? 1)}</td>
                  ))}
                  {p.notes && <td>{p.notes.values[i] ?? ''}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
