import { PasswordHasher } from './password-hasher';

describe('PasswordHasher', () => {
  const hasher = new PasswordHasher();

  it('hashes with argon2id and the OWASP parameters', async () => {
    const hash = await hasher.hash('correct horse');
    const [, algorithm, version, parameters] = hash.split('$');
    expect([algorithm, version]).toEqual(['argon2id', 'v=19']);
    expect(parameters.split(',').sort()).toEqual(['m=19456', 'p=1', 't=2']);
    expect(hasher.needsRehash(hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hasher.hash('correct horse')).not.toBe(await hasher.hash('correct horse'));
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hasher.hash('correct horse');
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'Correct horse')).toBe(false);
  });

  it('answers false for a hash that is not argon2', async () => {
    expect(await hasher.verify('not-a-hash', 'correct horse')).toBe(false);
    expect(hasher.needsRehash('not-a-hash')).toBe(true);
  });

  it('flags hashes made with weaker parameters', async () => {
    const argon2 = await import('argon2');
    const weak = await argon2.hash('correct horse', { type: argon2.argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 });
    expect(hasher.needsRehash(weak)).toBe(true);
  });

  it('answers false without an account, after doing the same work', async () => {
    expect(await hasher.verifyOrBurn(null, 'correct horse')).toBe(false);
    const hash = await hasher.hash('correct horse');
    expect(await hasher.verifyOrBurn(hash, 'correct horse')).toBe(true);
  });
});
