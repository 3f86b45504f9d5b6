import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKeyStore } from './create-key-store';
import { SqliteKeyStore } from './sqlite-key-store';

describe('createKeyStore', () => {
  it('uses <dataDir>/keys.sqlite when no MongoDB URL is configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keys-'));
    const store = await createKeyStore({ dataDir });
    expect(store).toBeInstanceOf(SqliteKeyStore);
    await store.close();
    expect(existsSync(join(dataDir, 'keys.sqlite'))).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
