import { describe, expect, it } from 'vitest';
import { assessLink, describeDuration, linkHealth, linkWindow, type ReadingWindowStats } from './link-health.js';

const now = new Date('2024-07-01T12:00:00Z');
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** Stats of a stream whose newest reading is `lastMin` minutes old, flat window as given. */
function stats(lastMin: number, flat: Partial<ReadingWindowStats> = {}, sampleCount = 40): ReadingWindowStats {
  return { sampleCount, lastReadingAt: ago(lastMin), flatCount: 30, flatFirstAt: ago(235), flatMinF: 72.0, flatMaxF: 72.4, ...flat };
}

const empty: ReadingWindowStats = { sampleCount: 0, lastReadingAt: null, flatCount: 0, flatFirstAt: null, flatMinF: null, flatMaxF: null };

describe('linkWindow', () => {
  it('looks back 6 hours, checks flatness over the last 4, and admits 15 minutes of clock skew', () => {
    expect(linkWindow(now)).toEqual({
      since: new Date('2024-07-01T06:00:00Z'),
      flatSince: new Date('2024-07-01T08:00:00Z'),
      until: new Date('2024-07-01T12:15:00Z'),
    });
  });
});

describe('assessLink', () => {
  it('is no_data with zero readings in the window', () => {
    expect(assessLink(empty, now)).toEqual({
      status: 'no_data',
      last_reading_at: null,
      last_reading_age_seconds: null,
      sample_count: 0,
      message: 'No readings in the last 6 hours. Check that the integration or device is online and pushing readings.',
      lookback_hours: 6,
    });
  });

  it('is healthy when the newest reading is recent and the temperature moves', () => {
    expect(assessLink(stats(2), now)).toEqual({
      status: 'healthy',
      last_reading_at: '2024-07-01T11:58:00.000Z',
      last_reading_age_seconds: 120,
      sample_count: 40,
      message: 'Readings are arriving normally; the newest is from 2 minutes ago.',
      lookback_hours: 6,
    });
  });

  it('is healthy at exactly 30 minutes and stale_data just after', () => {
    expect(assessLink(stats(30), now).status).toBe('healthy');
    const stale = assessLink({ ...stats(30), lastReadingAt: new Date(ago(30).getTime() - 1000) }, now);
    expect(stale).toMatchObject({ status: 'stale_data', last_reading_age_seconds: 1801 });
    expect(stale.message).toBe(
      'The newest reading is from 30 minutes ago; readings normally come every few minutes, so the push pipeline may be stalled. Check the integration or device connection.',
    );
  });

  it('is stale_data rather than frozen_sensor when an old stream was also flat', () => {
    expect(assessLink(stats(45, { flatMaxF: 72, flatMinF: 72 }), now).status).toBe('stale_data');
  });

  it('is frozen_sensor for 12+ readings over 3+ hours all within 0.05 F', () => {
    const frozen = assessLink(stats(5, { flatCount: 12, flatFirstAt: ago(185), flatMinF: 71.5, flatMaxF: 71.5 }), now);
    expect(frozen).toMatchObject({ status: 'frozen_sensor', sample_count: 40, last_reading_age_seconds: 300 });
    expect(frozen.message).toBe(
      'Readings arrive on time, but the indoor temperature has stayed at exactly 71.5 °F for 3 hours (12 readings); the temperature sensor may be frozen. Check the sensor that reports the indoor temperature.',
    );
  });

  it.each([
    ['a single 0.1 F step', { flatMinF: 72.0, flatMaxF: 72.1 }],
    ['a 0.5 F step', { flatMinF: 72.0, flatMaxF: 72.5 }],
    ['only 11 readings', { flatCount: 11 }],
    ['a flat run shorter than 3 hours', { flatFirstAt: ago(184) }],
  ])('stays healthy with %s', (_label, flat) => {
    const s = stats(5, { flatCount: 12, flatFirstAt: ago(185), flatMinF: 72, flatMaxF: 72, ...flat });
    expect(assessLink(s, now).status).toBe('healthy');
  });

  it('tolerates floating-point noise on identical values', () => {
    expect(assessLink(stats(5, { flatMinF: 72.1, flatMaxF: 72.10000000000001 }), now).status).toBe('frozen_sensor');
  });

  it('reports a reading stamped slightly ahead of the clock as zero seconds old', () => {
    const ahead = assessLink(stats(-3), now);
    expect(ahead).toMatchObject({ status: 'healthy', last_reading_age_seconds: 0 });
  });
});

describe('assessLink for a satellite-driven HVAC', () => {
  const satellite = (lastMin: number, contactMin: number) => ({ ...stats(lastMin), satelliteLastContactAt: ago(contactMin) });

  it('stays healthy between hourly pushes while the device keeps calling', () => {
    expect(assessLink(satellite(55, 1), now).status).toBe('healthy');
    expect(assessLink(satellite(90, 1), now).status).toBe('healthy');
  });

  it('is stale_data once a push is 30 minutes overdue', () => {
    expect(assessLink(satellite(91, 1), now)).toMatchObject({
      status: 'stale_data',
      message:
        'The newest reading is from 1 hour 31 minutes ago; the satellite device pushes its readings every 1 hour, so its pushes may be failing. Check its WiFi connection.',
    });
  });

  it('follows the configured push interval', () => {
    expect(assessLink(satellite(50, 1), now, { pushIntervalS: 900 }).status).toBe('stale_data');
    expect(assessLink(satellite(44, 1), now, { pushIntervalS: 900 }).status).toBe('healthy');
  });

  it('is stale_data when the device has not called for more than 30 minutes, however fresh the readings', () => {
    expect(assessLink(satellite(2, 30), now).status).toBe('healthy');
    expect(assessLink(satellite(2, 31), now)).toMatchObject({
      status: 'stale_data',
      message: 'The satellite device last contacted the service 31 minutes ago; it normally calls every minute. Check that it has power and WiFi.',
    });
  });

  it('is still no_data without readings and frozen_sensor when flat', () => {
    expect(assessLink({ ...empty, satelliteLastContactAt: ago(1) }, now).status).toBe('no_data');
    expect(assessLink({ ...stats(3, { flatMinF: 72, flatMaxF: 72 }), satelliteLastContactAt: ago(1) }, now).status).toBe('frozen_sensor');
  });
});

describe('linkHealth', () => {
  it('is no_data with an empty list when the account has no HVAC', () => {
    expect(linkHealth([], now)).toEqual({
      status: 'no_data',
      last_reading_at: null,
      last_reading_age_seconds: null,
      sample_count: 0,
      message: 'No HVAC appliance is registered, so there is no reading stream to check. Add an HVAC appliance and push its readings.',
      lookback_hours: 6,
      appliances: [],
    });
  });

  it('mirrors the only unit', () => {
    const health = linkHealth([{ applianceId: 'a', name: 'Living room', stats: stats(2) }], now);
    const { appliances, ...overall } = health;
    expect(appliances).toEqual([{ appliance_id: 'a', name: 'Living room', ...overall }]);
  });

  it('takes the worst status, the newest reading and the total count', () => {
    const health = linkHealth(
      [
        { applianceId: 'a', name: 'A', stats: stats(2, {}, 10) },
        { applianceId: 'b', name: 'B', stats: stats(50, {}, 7) },
        { applianceId: 'c', name: 'C', stats: stats(1, { flatCount: 20, flatMinF: 70, flatMaxF: 70 }, 20) },
      ],
      now,
    );
    expect(health.appliances.map((a) => a.status)).toEqual(['healthy', 'stale_data', 'frozen_sensor']);
    expect(health).toMatchObject({ status: 'stale_data', last_reading_at: ago(1).toISOString(), last_reading_age_seconds: 60, sample_count: 37 });
    expect(health.message).toBe(`2 of 3 HVAC units need attention. Most urgent: ${health.appliances[1]!.message}`);
  });

  it.each([
    [['healthy', 'no_data'], 'no_data'],
    [['frozen_sensor', 'stale_data'], 'stale_data'],
    [['healthy', 'frozen_sensor'], 'frozen_sensor'],
  ])('orders %j as %s', (statuses, expected) => {
    const byStatus: Record<string, ReadingWindowStats> = {
      healthy: stats(2),
      stale_data: stats(40),
      frozen_sensor: stats(2, { flatMinF: 70, flatMaxF: 70 }),
      no_data: empty,
    };
    const units = statuses.map((s, i) => ({ applianceId: String(i), name: s, stats: byStatus[s]! }));
    expect(linkHealth(units, now).status).toBe(expected);
  });

  it('says so when every unit is healthy', () => {
    const health = linkHealth(
      [
        { applianceId: 'a', name: 'A', stats: stats(2) },
        { applianceId: 'b', name: 'B', stats: stats(3) },
      ],
      now,
    );
    expect(health).toMatchObject({ status: 'healthy', message: 'All 2 HVAC units are sending readings normally.' });
  });

  it('never puts appliance names (user input) into messages', () => {
    const health = linkHealth([{ applianceId: 'a', name: '<img src=x onerror=alert(1)>', stats: stats(50) }], now);
    expect(health.message).not.toContain('<');
    expect(health.appliances[0]!.message).not.toContain('<');
  });
});

describe('describeDuration', () => {
  it.each([
    [0, 'less than a minute'],
    [59_999, 'less than a minute'],
    [60_000, '1 minute'],
    [47 * 60_000, '47 minutes'],
    [60 * 60_000, '1 hour'],
    [125 * 60_000, '2 hours 5 minutes'],
    [121 * 60_000, '2 hours 1 minute'],
  ])('%i ms -> %s', (ms, expected) => {
    expect(describeDuration(ms)).toBe(expected);
  });
});
