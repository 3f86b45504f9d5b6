import { isIP } from 'node:net';

/**
 * The bucket a client address is counted in: an IPv4 address as it is (an IPv4-mapped IPv6
 * address, `::ffff:192.0.2.1`, as its IPv4), an IPv6 address by its /64, which one subscriber
 * usually holds whole (one host picks any of its 2^64 addresses at will). Anything else as it is.
 */
export function addressBucket(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (an IPv4 tail as two groups). */
function expandIPv6(address: string): string[] {
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const groups = (part: string) => (part ? part.split(':').flatMap(ipv4AsGroups) : []);
  const left = groups(head);
  const right = address.includes('::') ? groups(tail) : [];
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

function ipv4AsGroups(group: string): string[] {
  if (!group.includes('.')) return [group];
  const [a, b, c, d] = group.split('.').map(Number);
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
}

/**
 * Notices a site behind a proxy it does not trust: when the first `sample` connections all come
 * from one address other than loopback, every client shares that address's limits. Says so once.
 */
export class SingleAddressWatch {
  private first: string | undefined;
  private seen = 0;
  private done = false;

  constructor(
    private readonly sample: number,
    private readonly warn: (address: string) => void,
  ) {}

  connected(address: string | undefined): void {
    if (this.done || address === undefined) return;
    const bucket = addressBucket(address);
    if (this.first === undefined) this.first = bucket;
    if (bucket !== this.first || isLoopback(bucket)) {
      this.done = true;
      return;
    }
    if (++this.seen < this.sample) return;
    this.done = true;
    this.warn(address);
  }
}

const isLoopback = (address: string) => address === '::1' || address.startsWith('127.') || address === '0:0:0:0::/64';
