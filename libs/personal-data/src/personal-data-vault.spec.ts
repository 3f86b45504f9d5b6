import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SealedPersonalData } from '@app/domain';
import { PersonalDataVault, SealedDataTamperedError } from './personal-data-vault';
import { SqliteKeyStore } from './sqlite-key-store';

const personalData = { email: 'ada@example.com', name: 'Ada Lovelace', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' };

/** Flips one bit of a base64 field. */
function flip(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] ^= 1;
  return bytes.toString('base64');
}

describe('PersonalDataVault', () => {
  let dataDir: string;
  let keys: SqliteKeyStore;
  let vault: PersonalDataVault;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'vault-'));
    keys = SqliteKeyStore.open(dataDir);
    vault = new PersonalDataVault(keys);
  });

  afterEach(async () => {
    await keys.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('round-trips personal data', async () => {
    const sealed = await vault.seal('ada', personalData);
    expect(await vault.open('ada', sealed)).toEqual(personalData);
  });

  it('never shows the clear data in the sealed form', async () => {
    const sealed = await vault.seal('ada', personalData);
    expect(sealed).toEqual({ v: 1, iv: expect.any(String), tag: expect.any(String), data: expect.any(String) });
    expect(JSON.stringify(sealed)).not.toContain('ada@example.com');
    expect(Buffer.from(sealed.data, 'base64').toString('utf8')).not.toContain('Lovelace');
  });

  it('uses a fresh iv for every seal', async () => {
    const first = await vault.seal('ada', personalData);
    const second = await vault.seal('ada', personalData);
    expect(first.iv).not.toBe(second.iv);
    expect(first.data).not.toBe(second.data);
  });

  it.each(['data', 'tag', 'iv'] as const)('refuses sealed data whose %s was altered', async (field) => {
    const sealed = await vault.seal('ada', personalData);
    const tampered: SealedPersonalData = { ...sealed, [field]: flip(sealed[field]) };
    await expect(vault.open('ada', tampered)).rejects.toBeInstanceOf(SealedDataTamperedError);
  });

  it('refuses a truncated tag', async () => {
    const sealed = await vault.seal('ada', personalData);
    await expect(
      vault.open('ada', { ...sealed, tag: Buffer.from(sealed.tag, 'base64').subarray(0, 4).toString('base64') }),
    ).rejects.toBeInstanceOf(SealedDataTamperedError);
  });

  it('does not open one user’s data as another’s', async () => {
    const sealed = await vault.seal('ada', personalData);
    await vault.seal('bob', { email: 'bob@example.com' });
    await expect(vault.open('bob', sealed)).rejects.toBeInstanceOf(SealedDataTamperedError);
  });

  it('answers null once the key is shredded', async () => {
    const sealed = await vault.seal('ada', personalData);
    await keys.deleteKey('ada');
    expect(await vault.open('ada', sealed)).toBeNull();
  });

  it('answers null for a user who never had a key', async () => {
    const sealed = await vault.seal('ada', personalData);
    expect(await vault.open('carol', sealed)).toBeNull();
  });
});
