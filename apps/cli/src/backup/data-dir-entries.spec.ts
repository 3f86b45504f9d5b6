import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listDataDir } from './data-dir-entries';

describe('listDataDir', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'data-dir-'));
    for (const file of [
      'keys.sqlite',
      'keys.sqlite-wal',
      'events.sqlite',
      'events.sqlite-shm',
      'events.sqlite-wal',
      'read.sqlite',
      'search.sqlite',
      'queue.sqlite',
      'jwt-secret',
      'email-lookup-pepper',
      'erasure-ledger',
      'files/images/a.png',
      'files/images/.tmp-1234',
      'mail/1.eml',
    ]) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), 'x');
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists derived databases before the log and the keys last, then the other files, without side files and files being written', async () => {
    expect(await listDataDir(dir)).toEqual({
      databases: ['queue.sqlite', 'read.sqlite', 'search.sqlite', 'events.sqlite', 'keys.sqlite'],
      files: ['email-lookup-pepper', 'erasure-ledger', 'files/images/a.png', 'jwt-secret', 'mail/1.eml'],
    });
  });
});
