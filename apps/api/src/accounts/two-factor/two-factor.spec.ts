import { newRecoveryCodes, recoveryCodeHash, recoveryCodeIndex, RECOVERY_CODE_COUNT } from './recovery-codes';
import { newTotpSecret, totpCodeAt, totpStepOf } from './totp';

describe('TOTP', () => {
  const at = new Date('2026-03-01T10:00:15.000Z');
  const step = Math.floor(at.getTime() / 30_000);

  it('makes a base32 secret and the otpauth URL of it', () => {
    const { secret, otpauthUrl } = newTotpSecret('ada-lovelace');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/DevCommunity:ada-lovelace?issuer=DevCommunity&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
  });

  it('accepts the code of this step and of the neighbouring ones, by their step', () => {
    const { secret } = newTotpSecret('ada');
    expect(totpStepOf(secret, totpCodeAt(secret, at), at)).toBe(step);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(totpStepOf(secret, totpCodeAt(secret, new Date(at.getTime() - 90_000)), at)).toBeNull();
    expect(totpStepOf(secret, 'abcdef', at)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten, distinct, found back by their hash whatever the case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    const hashes = codes.map((code) => recoveryCodeHash(code, 'pepper'));
    expect(recoveryCodeIndex(codes[3], hashes, 'pepper')).toBe(3);
    expect(recoveryCodeIndex(codes[3].toLowerCase().replace(/-/g, ' '), hashes, 'pepper')).toBe(3);
    expect(recoveryCodeIndex('AAAA-AAAA-AAAA', hashes, 'pepper')).toBeNull();
    expect(recoveryCodeIndex(codes[3], hashes, 'another pepper')).toBeNull();
  });
});
