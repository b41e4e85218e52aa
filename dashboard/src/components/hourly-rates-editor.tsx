// 24 hourly prices (00:00 to 23:00) in one fieldset: the import rates and the export rates of the
// tariff page. The API's error for the array is shown above the inputs, and when it names an hour
// (`rate at hour 17 ...`) that input is marked invalid and described by it.
import { hourLabel } from '../format.js';
import { hourOfError } from '../hourly-rates.js';

export function HourlyRatesEditor({
  id,
  legend,
  inputLabel,
  values,
  onValues,
  min,
  max,
  error,
}: {
  /** The API field name: the error paragraph is `${id}-error`. */
  id: string;
  legend: string;
  /** Each input is named `${inputLabel} at HH:00`. */
  inputLabel: string;
  values: readonly string[];
  onValues: (values: string[]) => void;
  min: number;
  max: number;
  error?: string | undefined;
}) {
  const errorId = `${id}-error`;
  const badHour = hourOfError(error);
  return (
    <fieldset class="hourly" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {error && (
        <p class="error" role="alert" id={errorId} data-testid={errorId}>
          {error}
        </p>
      )}
      <div class="hour-grid">
        {values.map((v, h) => (
          <label key={h} class="hour-input">
            <span>{hourLabel(h)}</span>
            <input
              type="number"
              min={min}
              max={max}
              step={0.1}
              value={v}
              aria-label={`${inputLabel} at ${hourLabel(h)}`}
              aria-invalid={badHour === h ? 'true' : undefined}
              aria-describedby={badHour === h ? errorId : undefined}
              onInput={(e) => onValues(values.map((x, i) => (i === h ? (e.currentTarget as HTMLInputElement).value : x)))}
            />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
