import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './app-config';

describe('TRUST_PROXY', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const trustProxy = (TRUST_PROXY?: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY }).trustProxy;

  it('is loopback when unset, a hop count, or addresses and CIDRs as Express takes them', () => {
    expect(trustProxy()).toEqual({ value: 'loopback', set: false });
    expect(trustProxy('')).toEqual({ value: 'loopback', set: false });
    expect(trustProxy('2')).toEqual({ value: 2, set: true });
    expect(trustProxy('10.0.0.0/8, loopback,2001:db8::/32, 192.0.2.7')).toEqual({
      value: '10.0.0.0/8, loopback,2001:db8::/32, 192.0.2.7',
      set: true,
    });
  });

  it.each(['true', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1/8/1', '1.5'])('refuses %s', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY must be a hop count or a comma-separated list/);
  });
});

describe('WebAuthn (passkeys)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("binds passkeys to PUBLIC_URL's host and origin unless told otherwise", () => {
    expect(loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://dev.example.com/' }).webAuthn).toEqual({
      rpId: 'dev.example.com',
      rpName: 'DevCommunity',
      origins: ['https://dev.example.com'],
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://www.example.com',
        WEBAUTHN_RP_ID: 'example.com',
        WEBAUTHN_RP_NAME: 'Example Devs',
        WEBAUTHN_ORIGINS: 'https://www.example.com, https://example.com/',
      }).webAuthn,
    ).toEqual({ rpId: 'example.com', rpName: 'Example Devs', origins: ['https://www.example.com', 'https://example.com'] });
  });
});
