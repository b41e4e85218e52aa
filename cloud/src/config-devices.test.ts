import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('device plane configuration', () => {
  it('defaults to the interface intervals: push 3600 s, capture 300 s, poll wait 50 s', () => {
    expect(loadConfig({})).toMatchObject({ deviceReadingPushIntervalS: 3600, deviceCaptureIntervalS: 300, deviceCommandPollWaitS: 50 });
  });

  it('reads the three variables', () => {
    expect(loadConfig({ DEVICE_READING_PUSH_INTERVAL_S: '900', DEVICE_CAPTURE_INTERVAL_S: '60', DEVICE_COMMAND_POLL_WAIT_S: '55' })).toMatchObject({
      deviceReadingPushIntervalS: 900,
      deviceCaptureIntervalS: 60,
      deviceCommandPollWaitS: 55,
    });
  });

  it.each([
    [{ DEVICE_READING_PUSH_INTERVAL_S: '30' }, 'DEVICE_READING_PUSH_INTERVAL_S'],
    [{ DEVICE_CAPTURE_INTERVAL_S: 'often' }, 'DEVICE_CAPTURE_INTERVAL_S'],
    [{ DEVICE_COMMAND_POLL_WAIT_S: '56' }, 'DEVICE_COMMAND_POLL_WAIT_S'],
  ])('refuses %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });
});
