import { SignedTokens } from './signed-tokens';

const MINUTE_MS = 60_000;

describe('SignedTokens', () => {
  let now: Date;
  const signer = (secret = 'a test secret of enough length') => new SignedTokens({ jwtSecret: secret }, () => now);
  const tickets = signer().of<{ sub: string; n: number }>('tickets', 5 * MINUTE_MS);

  beforeEach(() => {
    now = new Date('2026-03-01T10:00:00Z');
  });

  it('gives back the claims of a token it signed, again and again, without its expiry', () => {
    const token = tickets.sign({ sub: 'account-1', n: 3 });
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(tickets.verify(token)).toEqual({ sub: 'account-1', n: 3 });
    expect(tickets.verify(token)).toEqual({ sub: 'account-1', n: 3 });
  });

  it('accepts a token until the last millisecond of its lifetime, and not from its end on', () => {
    const token = tickets.sign({ sub: 'account-1', n: 0 });
    now = new Date(now.getTime() + 5 * MINUTE_MS - 1);
    expect(tickets.verify(token)).not.toBeNull();
    now = new Date(now.getTime() + 1);
    expect(tickets.verify(token)).toBeNull();
  });

  it('refuses a token whose claims or signature were changed', () => {
    const token = tickets.sign({ sub: 'account-1', n: 0 });
    const [body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forgedBody = Buffer.from(JSON.stringify({ ...claims, sub: 'account-2' })).toString('base64url');
    expect(tickets.verify(`${forgedBody}.${signature}`)).toBeNull();
    expect(tickets.verify(`${body}.${signature.slice(0, -2)}xx`)).toBeNull();
    expect(tickets.verify(`${body}.${signature}.extra`)).toBeNull();
  });

  it('refuses a token of another purpose or another secret', () => {
    const token = tickets.sign({ sub: 'account-1', n: 0 });
    expect(
      signer()
        .of('download-links', 5 * MINUTE_MS)
        .verify(token),
    ).toBeNull();
    expect(
      signer('another secret of enough length')
        .of('tickets', 5 * MINUTE_MS)
        .verify(token),
    ).toBeNull();
  });

  it('refuses nothing, garbage and a session-like token with null, never a throw', () => {
    for (const token of [undefined, '', '.', 'forged.ticket', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.sig']) {
      expect(tickets.verify(token)).toBeNull();
    }
  });
});
