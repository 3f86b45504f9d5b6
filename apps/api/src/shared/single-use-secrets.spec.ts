import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore, type ReadStore } from '@app/read-store';
import { SingleUseSecrets, type SingleUseSecretKind } from './single-use-secrets';

const LIFETIME_MS = 2 * 60 * 1000;

describe('SingleUseSecrets', () => {
  let dir: string;
  let store: ReadStore;
  let now: number;
  let codes: SingleUseSecretKind<{ accountId: string }>;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'single-use-'));
    store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
    now = Date.parse('2026-03-01T10:00:00Z');
    codes = new SingleUseSecrets(store, () => new Date(now)).of('test-codes', LIFETIME_MS);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the data back once, then never again', async () => {
    await codes.remember('code-1', { accountId: 'account-1' });
    expect(await codes.take('code-1')).toEqual({ accountId: 'account-1' });
    expect(await codes.take('code-1')).toBeNull();
  });

  it('of two takes at once, only one gets the data', async () => {
    await codes.remember('code-1', { accountId: 'account-1' });
    const taken = await Promise.all([codes.take('code-1'), codes.take('code-1')]);
    expect(taken.filter((data) => data !== null)).toEqual([{ accountId: 'account-1' }]);
  });

  it('refuses an unknown secret and one taken at or after its expiry', async () => {
    expect(await codes.take('never-given')).toBeNull();
    await codes.remember('code-1', { accountId: 'account-1' });
    await codes.remember('code-2', { accountId: 'account-2' });
    now += LIFETIME_MS - 1;
    expect(await codes.take('code-1')).toEqual({ accountId: 'account-1' });
    now += 1;
    expect(await codes.take('code-2')).toBeNull();
  });

  it('stores only the secret hash, and clears expired ones as new ones come', async () => {
    await codes.remember('code-1', { accountId: 'account-1' });
    now += LIFETIME_MS + 1;
    await codes.remember('code-2', { accountId: 'account-2' });
    const stored = await store.find<{ id: string }>('test-codes', {});
    expect(stored).toHaveLength(1);
    expect(stored[0].id).not.toContain('code-2');
    expect(await codes.take('code-2')).toEqual({ accountId: 'account-2' });
  });

  it('keeps the secrets of two collections apart', async () => {
    const other = new SingleUseSecrets(store, () => new Date(now)).of<{ accountId: string }>('other-codes', LIFETIME_MS);
    await codes.remember('code-1', { accountId: 'account-1' });
    expect(await other.take('code-1')).toBeNull();
    expect(await codes.take('code-1')).toEqual({ accountId: 'account-1' });
  });
});
