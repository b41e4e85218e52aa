import { describe, expect, it } from 'vitest';
import { anchoredReading, type AnchorReading } from './anchored-reading.js';

describe('anchoredReading', () => {
  const now = new Date('2025-07-01T12:00:00Z');
  const anchor: AnchorReading = { indoor_temp: 75.5, hvac_state: 'COOL', indoor_humidity: 48, outdoor_temp: 91, target_temp: 74, fan_mode: 'auto' };

  it('copies the measured values and applies the reported mode, target and fan', () => {
    expect(anchoredReading({ source: 'command', mode: 'HEAT', target_temp_f: 68, fan: 'high' }, anchor, now)).toEqual({
      timestamp: '2025-07-01T12:00:00.000Z',
      indoor_temp: 75.5,
      hvac_state: 'HEAT',
      indoor_humidity: 48,
      outdoor_temp: 91,
      target_temp: 68,
      fan_mode: 'high',
      commanded_hvac_mode: 'HEAT',
      commanded_setpoint: 68,
      commanded_fan_mode: 'high',
      override_active: false,
    });
  });

  it('records OFF for an explicit power false, whatever the mode', () => {
    const reading = anchoredReading({ source: 'schedule', mode: 'COOL', power: false }, anchor, now);
    expect(reading).toMatchObject({ hvac_state: 'OFF', commanded_hvac_mode: 'OFF' });
  });

  it('keeps the anchor state without a mode, leaves out what neither has, flags an override', () => {
    const bare: AnchorReading = { indoor_temp: 70, hvac_state: 'ECO', indoor_humidity: null, outdoor_temp: null, target_temp: null, fan_mode: null };
    expect(anchoredReading({ source: 'override', power: true }, bare, now)).toEqual({
      timestamp: '2025-07-01T12:00:00.000Z',
      indoor_temp: 70,
      hvac_state: 'ECO',
      override_active: true,
    });
  });
});
