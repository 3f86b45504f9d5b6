import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeKeyStoreContract } from './key-store.contract';
import { SqliteKeyStore } from './sqlite-key-store';

describeKeyStoreContract('SQLite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'keys-'));
  return {
    open: async () => SqliteKeyStore.open(dataDir),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
});

describe('SqliteKeyStore', () => {
  it('keeps keys in <dataDir>/keys.sqlite, creating the folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'keys-'));
    const dataDir = join(root, 'var');
    const store = SqliteKeyStore.open(dataDir);
    await store.getOrCreateKey('ada');
    await store.close();
    expect(existsSync(join(dataDir, 'keys.sqlite'))).toBe(true);
    rmSync(root, { recursive: true, force: true });
  });
});
