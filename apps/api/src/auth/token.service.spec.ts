import { createSecretKey } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { TokenService } from './token.service';

const HOUR_MS = 60 * 60 * 1000;

describe('TokenService', () => {
  let now: Date;
  const jwt = new JwtService({
    secret: createSecretKey(Buffer.from('a test secret of enough length')),
    signOptions: { algorithm: 'HS256' },
  });
  const tokens = new TokenService(jwt, () => now);

  beforeEach(() => {
    now = new Date('2026-03-01T10:00:00Z');
  });

  it('verifies a token it issued, again and again', () => {
    const token = tokens.issue('account-1', 3, false);
    for (let request = 0; request < 3; request++) {
      expect(tokens.verify(token)).toEqual({
        accountId: 'account-1',
        credentialVersion: 3,
        rememberMe: false,
        startedAt: Math.floor(now.getTime() / 1000),
        renewable: false,
      });
    }
  });

  it('refuses a token once it expired, though it was verified before', () => {
    const token = tokens.issue('account-1', 3, false);
    expect(tokens.verify(token)).not.toBeNull();
    now = new Date(now.getTime() + 7 * HOUR_MS);
    expect(tokens.verify(token)?.renewable).toBe(true);
    now = new Date(now.getTime() + 5 * HOUR_MS);
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token whose claims or signature were changed', () => {
    const token = tokens.issue('account-1', 3, false);
    expect(tokens.verify(token)).not.toBeNull();
    const [header, claims, signature] = token.split('.');
    const forgedClaims = Buffer.from(
      JSON.stringify({ ...(JSON.parse(Buffer.from(claims, 'base64url').toString()) as object), sub: 'account-2' }),
    ).toString('base64url');
    expect(tokens.verify(`${header}.${forgedClaims}.${signature}`)).toBeNull();
    expect(tokens.verify(`${header}.${claims}.${signature.slice(0, -2)}xx`)).toBeNull();
    const foreign = new JwtService({ secret: createSecretKey(Buffer.from('another secret of enough length')) });
    expect(tokens.verify(foreign.sign({ sub: 'account-1', rm: false, cv: 3, sst: 1, iat: 1, exp: 4_000_000_000 }))).toBeNull();
  });
});
