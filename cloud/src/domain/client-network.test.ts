import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.js';

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:42:8a2e:370:7334:1', '2001:db8:85a3:42::/64'],
    ['2001:0DB8:85A3:0042:0000:0000:0000:0001', '2001:db8:85a3:42::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:1:2::', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['', ''],
  ])('%s counts as %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it('puts every address of one /64 together and the next /64 apart', () => {
    expect(clientNetwork('2001:db8:aa:bb:1::9')).toBe(clientNetwork('2001:db8:aa:bb:ffff:ffff:ffff:ffff'));
    expect(clientNetwork('2001:db8:aa:bc::1')).not.toBe(clientNetwork('2001:db8:aa:bb::1'));
  });
});
