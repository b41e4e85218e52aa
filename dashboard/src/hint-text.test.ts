import { describe, expect, it } from 'vitest';
import { confidenceText, hintFigures } from './hint-text.js';

describe('hint figures', () => {
  it('reads the unit from each name and writes the label without it', () => {
    expect(
      hintFigures({
        hours: 3.5,
        extra_loss_per_hour: 0.2537,
        indoor_f: 71.5,
        capacity_percent: 58,
        reading_offset_f: -3,
        hours_at_full_duty: 4,
        model_rate_f_per_hour: -2.5,
        days: 12,
      }),
    ).toEqual([
      { label: 'Duration', value: '3.5 h' },
      { label: 'Extra loss', value: '0.25 per hour' },
      { label: 'Indoor', value: '71.5 °F' },
      { label: 'Capacity', value: '58 %' },
      { label: 'Reading offset', value: '-3 °F' },
      { label: 'Hours at full duty', value: '4' },
      { label: 'Model rate', value: '-2.5 °F/h' },
      { label: 'Days', value: '12' },
    ]);
  });

  it('writes confidence as a whole percent', () => {
    expect([confidenceText(0.5), confidenceText(0.876), confidenceText(1)]).toEqual(['50 %', '88 %', '100 %']);
  });
});
