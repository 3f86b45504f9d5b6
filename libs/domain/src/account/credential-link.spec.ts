import { DomainError } from '../shared/errors';
import {
  buildCredentialLink,
  requireValidCredentialLink,
  signCredentialLink,
  verifyCredentialLink,
  type CredentialLinkClaims,
} from './credential-link';
import { credentialLinkWindow } from './credential-link-window';
import { EXPIRED_LINK, INVALID_LINK } from './errors';

const secret = 'test-link-secret';
const issuedAt = new Date('2025-03-02T12:30:00.000Z');
const claims: CredentialLinkClaims = { purpose: 'reset', accountId: 'ada', ...credentialLinkWindow(issuedAt), credentialVersion: 1 };
const hash = signCredentialLink(claims, secret);
const link = { ...claims, hash };
const minutesAfterIssue = (minutes: number) => new Date(issuedAt.getTime() + minutes * 60_000);

describe('credential links', () => {
  it('carries created and expire as epoch milliseconds, 15 minutes apart', () => {
    expect(claims.created).toBe('1740918600000');
    expect(claims.expire).toBe('1740919500000');
  });

  it('signs as base64url', () => {
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts a genuine link within 15 minutes', () => {
    expect(verifyCredentialLink(link, secret, minutesAfterIssue(0))).toBe('ok');
    expect(verifyCredentialLink(link, secret, minutesAfterIssue(14.9))).toBe('ok');
  });

  it('reports a genuine link as expired after 15 minutes', () => {
    expect(verifyCredentialLink(link, secret, minutesAfterIssue(15))).toBe('expired');
  });

  it.each([
    ['accountId', { accountId: 'bob' }],
    ['created', { created: String(Number(claims.created) + 1) }],
    ['expire', { expire: String(Number(claims.expire) + 60 * 60_000) }],
    ['purpose', { purpose: 'confirm' as const }],
    ['hash', { hash: hash.slice(0, -1) + (hash.endsWith('A') ? 'B' : 'A') }],
    ['hash length', { hash: hash + 'A' }],
    ['non-numeric expire', { expire: '9e99' }],
  ])('refuses a link with a tampered %s', (_field, change) => {
    expect(verifyCredentialLink({ ...link, ...change }, secret, minutesAfterIssue(1))).toBe('invalid');
  });

  it('refuses a tampered link as invalid even when it is also expired', () => {
    expect(verifyCredentialLink({ ...link, accountId: 'bob' }, secret, minutesAfterIssue(60))).toBe('invalid');
  });

  it('refuses a link signed over an older credential version', () => {
    expect(verifyCredentialLink({ ...link, credentialVersion: 2 }, secret, minutesAfterIssue(1))).toBe('invalid');
  });

  it('refuses a link signed with another secret', () => {
    expect(verifyCredentialLink(link, 'another-secret', minutesAfterIssue(1))).toBe('invalid');
  });

  it('turns a bad link into the message the user sees', () => {
    expect(() => requireValidCredentialLink(link, secret, minutesAfterIssue(1))).not.toThrow();
    expect(() => requireValidCredentialLink(link, secret, minutesAfterIssue(20))).toThrow(new DomainError('validation', EXPIRED_LINK));
    expect(() => requireValidCredentialLink({ ...link, hash: 'forged' }, secret, minutesAfterIssue(1))).toThrow(
      new DomainError('validation', INVALID_LINK),
    );
  });

  it('builds the link the SPA route reads', () => {
    const fields = { accountId: 'ada', created: claims.created, expire: claims.expire, hash: 'a+b/c=' };
    expect(buildCredentialLink('https://dev.example.com', 'resetpassword', fields)).toBe(
      `https://dev.example.com/resetpassword?uname=ada&created=${claims.created}&expire=${claims.expire}&hash=a%2Bb%2Fc%3D`,
    );
    expect(buildCredentialLink('http://localhost:3000/community/', 'confirmemail', { ...fields, hash })).toBe(
      `http://localhost:3000/community/confirmemail?uname=ada&created=${claims.created}&expire=${claims.expire}&hash=${hash}`,
    );
  });

  it('round-trips through the query string', () => {
    const url = new URL(buildCredentialLink('https://dev.example.com', 'resetpassword', { ...claims, hash }));
    const fromQuery = {
      purpose: 'reset' as const,
      accountId: url.searchParams.get('uname')!,
      created: url.searchParams.get('created')!,
      expire: url.searchParams.get('expire')!,
      hash: url.searchParams.get('hash')!,
      credentialVersion: 1,
    };
    expect(verifyCredentialLink(fromQuery, secret, minutesAfterIssue(1))).toBe('ok');
  });
});
