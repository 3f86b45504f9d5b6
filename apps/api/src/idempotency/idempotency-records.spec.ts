import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore, type ReadStore } from '@app/read-store';
import { IdempotencyRecords, IDEMPOTENCY_TTL_MS } from './idempotency-records';

describe('IdempotencyRecords', () => {
  let dir: string;
  let store: ReadStore;
  let now: number;
  let records: IdempotencyRecords;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'idempotency-'));
    store = new SqliteReadStore({ file: join(dir, 'read.sqlite') });
    now = Date.parse('2026-03-01T10:00:00Z');
    records = new IdempotencyRecords(store, () => new Date(now));
    await records.onModuleInit();
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const done = { status: 200, body: { success: true, result: 7 } };

  it('claims a new key, then replays its response to the same request', async () => {
    const first = await records.claim('alice', 'k1', 'f1');
    expect(first.outcome).toBe('claimed');
    if (first.outcome === 'claimed') await first.complete(done);
    expect(await records.claim('alice', 'k1', 'f1')).toEqual({ outcome: 'replay', response: done });
  });

  it('refuses another request under the key, and says when the first still runs', async () => {
    const first = await records.claim('alice', 'k1', 'f1');
    expect(await records.claim('alice', 'k1', 'f1')).toEqual({ outcome: 'in-flight' });
    expect(await records.claim('alice', 'k1', 'f2')).toEqual({ outcome: 'mismatch' });
    if (first.outcome === 'claimed') await first.release();
    expect((await records.claim('alice', 'k1', 'f2')).outcome).toBe('claimed');
  });

  it('keeps callers apart and stores no readable response', async () => {
    // A hyphen never occurs in the hex ids or the base64 ciphertext, so only a stored key could match.
    const key = 'order-key';
    const first = await records.claim('alice', key, 'f1');
    if (first.outcome === 'claimed') await first.complete(done);
    expect((await records.claim('bob', key, 'f1')).outcome).toBe('claimed');
    const stored = JSON.stringify(await store.find('idempotency-keys'));
    expect(stored).not.toContain('"result"');
    expect(stored).not.toContain(key);
  });

  it('forgets a key after its time, and takes over one whose request died in flight', async () => {
    const first = await records.claim('alice', 'k1', 'f1');
    if (first.outcome === 'claimed') await first.complete(done);
    now += IDEMPOTENCY_TTL_MS + 1;
    expect((await records.claim('alice', 'k1', 'f2')).outcome).toBe('claimed');
    now += 60_000;
    expect((await records.claim('alice', 'k1', 'f2')).outcome).toBe('in-flight');
    now += 5 * 60_000;
    expect((await records.claim('alice', 'k1', 'f2')).outcome).toBe('claimed');
  });

  it('purges expired keys', async () => {
    const first = await records.claim('alice', 'k1', 'f1');
    if (first.outcome === 'claimed') await first.complete(done);
    now += IDEMPOTENCY_TTL_MS + 2 * 60 * 60 * 1000;
    await records.claim('alice', 'k2', 'f1');
    expect(await store.count('idempotency-keys')).toBe(1);
  });
});
