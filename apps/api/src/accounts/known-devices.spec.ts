import type { AppConfig } from '@app/config';
import { cookieValue, KnownDevices } from './known-devices';

describe('KnownDevices', () => {
  const devices = new KnownDevices({ jwtSecret: 'test-secret' } as AppConfig);
  const now = new Date('2026-06-01T00:00:00.000Z');
  const days = (count: number) => new Date(now.getTime() + count * 24 * 60 * 60 * 1000);

  it('verifies a token for the e-mail it was issued to, until it expires after 180 days', () => {
    const { token, maxAgeMs } = devices.issue('ada@example.com', now);
    const id = devices.verify(token, 'ada@example.com', now);
    expect(id).toEqual(token.split('.')[0]);
    expect(devices.verify(token, 'ada@example.com', days(179))).toBe(id);
    expect(devices.verify(token, 'ada@example.com', days(180))).toBeNull();
    expect(maxAgeMs).toBe(180 * 24 * 60 * 60 * 1000);
  });

  it('refuses a token of another e-mail, another secret, a changed expiry or garbage', () => {
    const { token } = devices.issue('ada@example.com', now);
    const [id, expires, mac] = token.split('.');
    expect(devices.verify(token, 'bob@example.com', now)).toBeNull();
    expect(new KnownDevices({ jwtSecret: 'other' } as AppConfig).verify(token, 'ada@example.com', now)).toBeNull();
    expect(devices.verify(`${id}.${Number(expires) + 1}.${mac}`, 'ada@example.com', now)).toBeNull();
    for (const garbage of [undefined, '', 'a.b', `${token}.x`, `${id}.${expires}.${mac.slice(1)}`])
      expect(devices.verify(garbage, 'ada@example.com', now)).toBeNull();
  });

  it('reads one cookie of a Cookie header', () => {
    expect(cookieValue('a=1; known_device=x.y.z; b=2', 'known_device')).toBe('x.y.z');
    expect(cookieValue(undefined, 'known_device')).toBeUndefined();
  });
});
