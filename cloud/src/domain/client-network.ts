import { isIP } from 'node:net';

/**
 * The network a per-IP limit counts a client address under: the IPv4 address itself, or the /64
 * an IPv6 address belongs to (one subscriber usually holds a whole /64, so counting single IPv6
 * addresses would let a client rotate through 2^64 of them). IPv4-mapped IPv6 counts as IPv4.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups, but only the first four groups matter here.
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
