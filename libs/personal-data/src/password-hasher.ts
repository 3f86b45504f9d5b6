import * as argon2 from 'argon2';

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /** False for a wrong password and for a hash that is not argon2 at all. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Login helper: with no account (hash null) it still spends one argon2 verification and then
   * answers false, so response time does not reveal whether an e-mail is registered.
   */
  async verifyOrBurn(hash: string | null, password: string): Promise<boolean> {
    if (hash !== null) return this.verify(hash, password);
    this.dummyHash ??= this.hash('no account has this password');
    await this.verify(await this.dummyHash, password);
    return false;
  }

  /** True when a stored hash was made with older parameters; rehash it at the next successful login. */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, ARGON2_OPTIONS);
    } catch {
      return true;
    }
  }
}
