import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

// The price feed and job variables (README "Configuration", docs/tariffs-and-weather.md).
describe('price feed configuration', () => {
  it('has documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      jobsEnabled: true,
      priceFeedBaseUrls: {},
      priceFeedCredentials: {},
      priceFeedTimeoutMs: 20_000,
      priceFeedRetries: 2,
      priceFeedRetryDelayMs: 5_000,
      dynamicPriceAdderCentsPerKwh: 0,
    });
  });

  it('reads base URL overrides and credentials', () => {
    const config = loadConfig({
      PRICE_FEED_BASE_URLS: ' PJM-DOM=http://127.0.0.1:9/pjm , *=https://mirror.example.com ',
      PRICE_FEED_CREDENTIALS: '{"pjm-dom":{"subscriptionKey":"k,=1"}}',
      DYNAMIC_PRICE_ADDER_CENTS_PER_KWH: '6.5',
      JOBS_ENABLED: 'false',
    });
    expect(config).toMatchObject({
      priceFeedBaseUrls: { 'pjm-dom': 'http://127.0.0.1:9/pjm', '*': 'https://mirror.example.com' },
      priceFeedCredentials: { 'pjm-dom': { subscriptionKey: 'k,=1' } },
      dynamicPriceAdderCentsPerKwh: 6.5,
      jobsEnabled: false,
    });
  });

  it.each([
    ['PRICE_FEED_BASE_URLS', 'mars=http://x'],
    ['PRICE_FEED_BASE_URLS', 'pjm-dom=ftp://x'],
    ['PRICE_FEED_BASE_URLS', 'http://x'],
    ['PRICE_FEED_CREDENTIALS', '{"pjm-dom":{"subscriptionKey":42}}'],
    ['PRICE_FEED_CREDENTIALS', '{"mars":{"k":"v"}}'],
    ['PRICE_FEED_CREDENTIALS', 'secret-value-not-json'],
    ['DYNAMIC_PRICE_ADDER_CENTS_PER_KWH', '51'],
    ['PRICE_FEED_TIMEOUT_MS', '0'],
  ])('refuses %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('never echoes credentials in its error', () => {
    expect(() => loadConfig({ PRICE_FEED_CREDENTIALS: '{"pjm-dom":"hunter2"}' })).toThrow(/PRICE_FEED_CREDENTIALS: .*\(got a value not shown\)/);
    expect(() => loadConfig({ PRICE_FEED_CREDENTIALS: '{"pjm-dom":"hunter2"}' })).not.toThrow(/hunter2/);
  });
});
