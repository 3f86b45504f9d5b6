import { addressBucket, SingleAddressWatch } from './client-address';

describe('addressBucket', () => {
  it('counts IPv6 addresses by their /64, IPv4-mapped ones as IPv4, IPv4 as it is', () => {
    expect(addressBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressBucket('192.0.2.1')).toBe('192.0.2.1');
    expect(addressBucket('unknown')).toBe('unknown');
  });
});

describe('SingleAddressWatch', () => {
  const watch = (addresses: string[]) => {
    const warnings: string[] = [];
    const watcher = new SingleAddressWatch(3, (address) => warnings.push(address));
    addresses.forEach((address) => watcher.connected(address));
    return warnings;
  };

  it('warns once when the first connections all come from one address other than loopback', () => {
    expect(watch(['10.0.0.5', '10.0.0.5', '10.0.0.5', '10.0.0.5'])).toEqual(['10.0.0.5']);
    expect(watch(['10.0.0.5', '::ffff:10.0.0.5', '10.0.0.5'])).toEqual(['10.0.0.5']);
  });

  it('says nothing for several addresses, for loopback, or before the sample is full', () => {
    expect(watch(['10.0.0.5', '10.0.0.6', '10.0.0.5', '10.0.0.5', '10.0.0.5'])).toEqual([]);
    expect(watch(['127.0.0.1', '127.0.0.1', '127.0.0.1'])).toEqual([]);
    expect(watch(['::1', '::1', '::1'])).toEqual([]);
    expect(watch(['10.0.0.5', '10.0.0.5'])).toEqual([]);
  });
});
