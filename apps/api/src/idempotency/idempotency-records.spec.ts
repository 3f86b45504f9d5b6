import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PersonalDataVault, SqliteKeyStore } from '@app/personal-data';
import { SqliteReadStore, type ReadStore } from '@app/read-store';
import {
  IdempotencyRecords,
  IDEMPOTENCY_COLLECTION,
  IDEMPOTENCY_TTL_MS,
  IDS_PER_KEY,
  IN_FLIGHT_LEASE_MS,
  type Claim,
} from './idempotency-records';

describe('IdempotencyRecords', () => {
  let dir: string;
  let store: ReadStore;
  let keys: SqliteKeyStore;
  let vault: PersonalDataVault;
  let now: number;
  let records: IdempotencyRecords;
  const claims: Claim[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idempotency-'));
    store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
    keys = SqliteKeyStore.open(dir);
    vault = new PersonalDataVault(keys);
    now = Date.parse('2026-03-01T10:00:00Z');
    records = new IdempotencyRecords(store, () => new Date(now), { idempotencySecret: 'a-server-secret' }, vault);
    await records.onModuleInit();
  });
  afterEach(async () => {
    // Stop the lease renewals of claims a test left running.
    for (const claim of claims.splice(0)) if (claim.outcome === 'claimed') await claim.release(true);
    await records.purged();
    await store.close();
    await keys.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const done = { status: 200, body: { success: true, result: 7 } };
  const claim = async (caller: string, key: string, fingerprint: string) => {
    const result = await records.claim(caller, key, fingerprint);
    claims.push(result);
    return result;
  };
  const claimed = async (caller: string, key: string, fingerprint: string) => {
    const result = await claim(caller, key, fingerprint);
    if (result.outcome !== 'claimed') throw new Error(`expected a claim, got ${result.outcome}`);
    return result;
  };

  it('claims a new key with reserved ids, then replays its response to the same request', async () => {
    const first = await claimed('alice', 'k1', 'f1');
    expect(first.idCount).toBe(IDS_PER_KEY);
    expect(Number.isSafeInteger(first.firstId)).toBe(true);
    await first.complete(done);
    expect(await claim('alice', 'k1', 'f1')).toEqual({ outcome: 'replay', response: done });
  });

  it('refuses another request under the key, and says when the first still runs', async () => {
    const first = await claimed('alice', 'k1', 'f1');
    expect(await claim('alice', 'k1', 'f1')).toEqual({ outcome: 'in-flight' });
    expect(await claim('alice', 'k1', 'f2')).toEqual({ outcome: 'mismatch' });
    // Refused before any effect: the key is free for another request.
    await first.release(false);
    expect((await claim('alice', 'k1', 'f2')).outcome).toBe('claimed');
  });

  it('keeps a key whose attempt may have had an effect for the same request, with the same ids', async () => {
    const first = await claimed('alice', 'k1', 'f1');
    await first.release(true);
    expect(await claim('alice', 'k1', 'f2')).toEqual({ outcome: 'mismatch' });
    const retry = await claimed('alice', 'k1', 'f1');
    expect(retry.firstId).toBe(first.firstId);
    expect(retry.seed.equals(first.seed)).toBe(true);
  });

  it('lets the retry of a crashed attempt take over once its lease ran out, with the same ids', async () => {
    const first = await claimed('alice', 'k1', 'f1');
    now += IN_FLIGHT_LEASE_MS - 1;
    expect(await claim('alice', 'k1', 'f1')).toEqual({ outcome: 'in-flight' });
    now += 2;
    // A restarted process reserves ids afresh; the taken-over claim keeps its own.
    const restarted = new IdempotencyRecords(store, () => new Date(now), { idempotencySecret: 'a-server-secret' }, vault);
    const retry = await restarted.claim('alice', 'k1', 'f1');
    claims.push(retry);
    expect(retry).toMatchObject({ outcome: 'claimed', firstId: first.firstId });
    if (retry.outcome === 'claimed') expect(retry.seed.equals(first.seed)).toBe(true);
    expect(await claim('alice', 'k1', 'f1')).toEqual({ outcome: 'in-flight' });
  });

  it('keeps callers apart and stores nothing readable: no key, no caller, no response, no plain hash of the body', async () => {
    const body = JSON.stringify(['POST', '/api/Account/Login', { Email: 'a@example.com', Password: 'hunter22' }]);
    const fingerprint = records.fingerprint(JSON.parse(body));
    expect(fingerprint).not.toContain(createHash('sha256').update(body).digest('hex'));
    const mine = await claimed('alice', 'order-key', fingerprint);
    await mine.complete(done);
    const theirs = await claimed('bob', 'order-key', fingerprint);
    expect(theirs.firstId).not.toBe(mine.firstId);
    const stored = JSON.stringify(await store.find(IDEMPOTENCY_COLLECTION));
    for (const secret of ['"result"', 'order-key', 'alice', 'bob', createHash('sha256').update(body).digest('hex')])
      expect(stored).not.toContain(secret);
  });

  it('seals the response of an account with its personal-data key: after erasure it opens for nobody', async () => {
    const account = 'account-1';
    await keys.getOrCreateKey(account);
    const first = await claimed(account, 'k1', 'f1');
    await first.complete({ status: 200, body: { result: { name: 'Ada Lovelace' } } });
    expect((await claim(account, 'k1', 'f1')).outcome).toBe('replay');
    await vault.shred(account);
    expect(await claim(account, 'k1', 'f1')).toEqual({ outcome: 'mismatch' });
  });

  it('forgets a key after its time', async () => {
    const first = await claimed('alice', 'k1', 'f1');
    await first.complete(done);
    now += IDEMPOTENCY_TTL_MS + 1;
    const again = await claimed('alice', 'k1', 'f2');
    expect(again.firstId).not.toBe(first.firstId);
  });

  it('purges every expired key, however many', async () => {
    await (await claimed('alice', 'k1', 'f1')).complete(done);
    await records.purged();
    await store.transaction(async (tx) => {
      for (let index = 0; index < 2_500; index += 1) {
        await tx.upsert(IDEMPOTENCY_COLLECTION, {
          id: `old-${index}`,
          fingerprint: 'f',
          state: 'done',
          lockedUntil: 0,
          expiresAt: now - 1,
          firstId: index,
          sealed: null,
        });
      }
    });
    expect(await records.purgeExpired()).toBe(2_500);
    expect(await store.count(IDEMPOTENCY_COLLECTION)).toBe(1);
  });

  it('purges in the background when a claim comes an hour after the last purge', async () => {
    await (await claimed('alice', 'k1', 'f1')).complete(done);
    await records.purged();
    now += IDEMPOTENCY_TTL_MS + 2 * 60 * 60 * 1000;
    await (await claimed('alice', 'k2', 'f1')).complete(done);
    await records.purged();
    expect(await store.count(IDEMPOTENCY_COLLECTION)).toBe(1);
  });
});
