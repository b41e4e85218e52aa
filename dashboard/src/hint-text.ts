// Words for the insights hints: a label per kind and the figures behind a hint as label and value,
// read from each figure's name (the cloud ends every name in its unit; docs/insights.md).
import type { InsightKind } from '@offpeak/cloud/contract';

export const HINT_LABEL: Record<InsightKind, string> = {
  window_open: 'Window or door open',
  short_cycling: 'Short cycling',
  cannot_keep_up: 'Cannot keep up',
  efficiency_decline: 'Falling efficiency',
  sensor_drift: 'Temperature sensor off',
};

/** Name endings and how the value is written after them, the longest first. */
const UNITS: [suffix: string, unit: string][] = [
  ['_f_per_hour', ' °F/h'],
  ['_per_hour', ' per hour'],
  ['_percent', ' %'],
  ['_hours', ' h'],
  ['_f', ' °F'],
];
/** Names that are a unit alone. */
const BARE: Record<string, [label: string, unit: string]> = { hours: ['Duration', ' h'], days: ['Days', ''] };

const sentence = (words: string) => words.charAt(0).toUpperCase() + words.slice(1).replaceAll('_', ' ');
/** Up to two decimals, no trailing zeros. */
const number = (v: number) => String(Number(v.toFixed(2)));

export interface HintFigure {
  label: string;
  value: string;
}

/** `{ extra_loss_per_hour: 0.25, indoor_f: 71.5 }` -> Extra loss: 0.25 per hour, Indoor: 71.5 °F. */
export function hintFigures(numbers: Record<string, number>): HintFigure[] {
  return Object.entries(numbers).map(([name, v]) => {
    const bare = BARE[name];
    if (bare) return { label: bare[0], value: `${number(v)}${bare[1]}` };
    const unit = UNITS.find(([suffix]) => name.endsWith(suffix));
    if (!unit) return { label: sentence(name), value: number(v) };
    return { label: sentence(name.slice(0, -unit[0].length)), value: `${number(v)}${unit[1]}` };
  });
}

/** Confidence 0-1 as a whole percent. */
export const confidenceText = (c: number) => `${Math.round(c * 100)} %`;
