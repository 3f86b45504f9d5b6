import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErasureLedger } from './erasure-ledger';
import { describeKeyStoreContract } from './key-store.contract';
import { SqliteKeyStore } from './sqlite-key-store';

describeKeyStoreContract('SQLite', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'keys-'));
  return {
    open: async () => SqliteKeyStore.open(dataDir),
    ledger: ErasureLedger.inDataDir(dataDir),
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

  it('leaves no byte of a deleted key in its files (secure_delete, WAL truncated), while another client holds the file open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keys-'));
    const first = SqliteKeyStore.open(dataDir);
    const ada = await first.getOrCreateKey('ada');
    const bob = await first.getOrCreateKey('bob');
    await first.close(); // the keys move from the WAL into the database file
    const store = SqliteKeyStore.open(dataDir);
    const other = SqliteKeyStore.open(dataDir);
    expect(await other.getKey('ada')).toEqual(ada);
    await store.deleteKey('ada');
    const files = readdirSync(dataDir).filter((name) => name.startsWith('keys.sqlite'));
    expect(files).toContain('keys.sqlite-wal');
    const bytes = Buffer.concat(files.map((name) => readFileSync(join(dataDir, name))));
    expect(bytes.includes(ada)).toBe(false);
    expect(bytes.includes(bob)).toBe(true);
    await other.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});
