import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { accountStreamName, followStreamName, type FollowTarget, type Followed } from '@app/domain';
import { SqliteEventStore, type EventToAppend } from '@app/event-store';
import { PersonalDataVault, SqliteKeyStore } from '@app/personal-data';
import { givenRegistration } from '../../support/given-registration';

/** Appends in flight at once: with group commit they share transactions. */
const IN_FLIGHT = 64;

/**
 * Events appended straight to a DATA_DIR's embedded event store (events.sqlite), as the domain records
 * them, many at once: a site running on that DATA_DIR picks them up as it would another process's
 * appends. For setting up large scenarios fast (thousands of accounts and follows) instead of over HTTP.
 */
export class DirectAppender {
  private readonly store: SqliteEventStore;
  private readonly keyStore: SqliteKeyStore;
  private readonly vault: PersonalDataVault;
  private readonly pending = new Set<Promise<unknown>>();
  private clock = Date.UTC(2026, 0, 1);
  appended = 0;

  constructor(dataDir: string) {
    this.store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    // A bench fixture needs no durability: no fsync per group.
    (this.store as unknown as { db?: { pragma(sql: string): unknown } }).db?.pragma('synchronous = OFF');
    this.keyStore = SqliteKeyStore.open(dataDir);
    this.vault = new PersonalDataVault(this.keyStore);
  }

  /** An ISO time one second after the previous one. */
  at(): string {
    return new Date((this.clock += 1000)).toISOString();
  }

  async append(stream: string, events: readonly { type: string; data: unknown }[], actor: string): Promise<void> {
    this.appended += events.length;
    const occurredAt = new Date(this.clock).toISOString();
    const appended = this.store.appendToStream(
      stream,
      events.map((event): EventToAppend => ({ ...event, metadata: { actor, occurredAt } })),
      { expectedRevision: 'no_stream' },
    );
    this.pending.add(appended);
    void appended.finally(() => this.pending.delete(appended)).catch(() => undefined);
    if (this.pending.size >= IN_FLIGHT) await Promise.race(this.pending);
  }

  /** `count` accounts registered with sealed personal data (user names `<prefix>-<n>`); their ids. */
  async accounts(count: number, prefix: string): Promise<string[]> {
    const ids: string[] = [];
    for (let n = 0; n < count; n += 1) {
      const accountId = randomUUID();
      ids.push(accountId);
      const userName = `${prefix}-${n}`;
      const registered = await givenRegistration(
        this.vault,
        accountId,
        { email: `${userName}@example.com`, name: `${prefix} ${n}`, userName },
        this.at(),
      );
      await this.append(accountStreamName(accountId), [registered], accountId);
    }
    return ids;
  }

  /** Each of `followerIds` follows `target`. */
  async follows(followerIds: readonly string[], target: FollowTarget): Promise<void> {
    for (const followerId of followerIds) {
      const followed: Followed = { type: 'Followed', data: { target, followerId, at: this.at() } };
      await this.append(followStreamName(target, followerId), [followed], followerId);
    }
  }

  /** The log's newest position once everything queued is written. */
  async flush(): Promise<bigint> {
    await Promise.all(this.pending);
    return (await this.store.headPosition()) ?? 0n;
  }

  async readAll(maxCount: number) {
    return this.store.readAll({ maxCount });
  }

  async close(): Promise<void> {
    await Promise.all(this.pending);
    await this.keyStore.close();
    await this.store.close();
  }
}
