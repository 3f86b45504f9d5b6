import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNTS_COLLECTION, ERASED_USER_NAME, PROFILES_COLLECTION } from '@app/projections';
import { SqliteReadStore, type ReadStore } from '@app/read-store';
import { AuthorNames } from './author-names';

describe('AuthorNames.withPictures', () => {
  let dir: string;
  let store: ReadStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'author-names-'));
    store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
    await store.transaction(async (tx) => {
      await tx.upsert(ACCOUNTS_COLLECTION, { id: 'ada', userName: 'ada', name: 'Ada Lovelace' });
      await tx.upsert(ACCOUNTS_COLLECTION, { id: 'bob', userName: 'bob', name: 'Bob' });
      await tx.upsert(ACCOUNTS_COLLECTION, { id: 'gone', userName: null, name: ERASED_USER_NAME });
      await tx.upsert(PROFILES_COLLECTION, { id: 'ada', profilePic: 'ada.png' });
      await tx.upsert(PROFILES_COLLECTION, { id: 'gone', profilePic: 'gone.png' });
    });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('joins the handle, name and picture; no profile picture is an empty one', async () => {
    const of = await new AuthorNames(store).withPictures(['ada', 'bob', 'ada']);
    expect(of('ada')).toEqual({ uName: 'ada', name: 'Ada Lovelace', profilePic: 'ada.png' });
    expect(of('bob')).toEqual({ uName: 'bob', name: 'Bob', profilePic: '' });
  });

  it("shows an erased or unknown account as 'Deleted user' without a picture", async () => {
    const of = await new AuthorNames(store).withPictures(['gone', 'never']);
    expect(of('gone')).toEqual({ uName: '', name: ERASED_USER_NAME, profilePic: '' });
    expect(of('never')).toEqual({ uName: '', name: ERASED_USER_NAME, profilePic: '' });
  });

  it('reads nothing for no accounts', async () => {
    expect(await new AuthorNames(store).withPictures([])).toBeInstanceOf(Function);
  });
});
