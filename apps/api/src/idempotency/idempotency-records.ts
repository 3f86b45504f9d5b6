import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '@app/config';
import type { SealedPersonalData } from '@app/domain';
import { PersonalDataVault } from '@app/personal-data';
import type { ReadDocument, ReadStore } from '@app/read-store';
import { APP_CONFIG, CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';
import { reservePostIds } from '../shared/post-id.generator';

export const IDEMPOTENCY_COLLECTION = 'idempotency-keys';
/** How long a key is remembered (a retry after that runs again). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A running request renews its claim; one not renewed for this long died with its process, and its retry takes over. */
export const IN_FLIGHT_LEASE_MS = 15_000;
const RENEW_EVERY_MS = 5_000;
const MAX_RENEWALS = (10 * 60_000) / RENEW_EVERY_MS;
const PURGE_EVERY_MS = 60 * 60 * 1000;
const PURGE_BATCH = 1_000;
/** How many new ids one keyed command may create (a post, a comment, a file, a profile entry: one each today). */
export const IDS_PER_KEY = 4;
export const ANONYMOUS_CALLER = 'anonymous';

export interface StoredResponse {
  status: number;
  body: unknown;
}

interface IdempotencyDocument extends ReadDocument {
  /** A keyed hash (HMAC under the server's secret) of the request, never of its bare body. */
  fingerprint: string;
  state: 'in-flight' | 'done';
  /** While in flight: until when the attempt holds the key. 0: free for the same request to take over. */
  lockedUntil: number;
  expiresAt: number;
  /** The first of the ids reserved for the command, taken again by every attempt. */
  firstId: number;
  /** The first response, sealed (see `seal`); null while in flight. */
  sealed: string | null;
}

export type Claim =
  | {
      outcome: 'claimed';
      /** The ids the command creates, reserved by the first attempt: `idCount` from `firstId`. */
      firstId: number;
      idCount: number;
      /** Seeds the command's event ids: a secret of (caller, key, first id), the same on every attempt. */
      seed: Buffer;
      complete(response: StoredResponse): Promise<void>;
      /** The attempt failed. `keep`: it may have had an effect, so the key stays with its ids for the same request. */
      release(keep: boolean): Promise<void>;
    }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'in-flight' }
  | { outcome: 'mismatch' };

/**
 * The keys of recent commands, per caller, in the read store (so they hold across API processes and
 * restarts). A key is claimed before its command runs, with the ids the command will create; a
 * crashed attempt's retry takes the claim over once its lease ran out and runs the command again
 * with the same ids and event ids, so the event store refuses a second append (docs/decisions.md).
 *
 * Nothing stored names the caller or the key or holds the request in clear: the document id and
 * the fingerprint are HMACs under the server's secret, and the response is sealed with a key only
 * the caller's Idempotency-Key opens, then (for an account) with the account's personal-data key,
 * so an erasure shreds it with the rest.
 */
@Injectable()
export class IdempotencyRecords implements OnModuleInit {
  private readonly logger = new Logger('IdempotencyRecords');
  private lastPurge = 0;
  private purging: Promise<number> | null = null;

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'idempotencySecret'>,
    private readonly vault: PersonalDataVault,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.readStore.ensureIndexes(IDEMPOTENCY_COLLECTION, [['expiresAt']]);
  }

  /** The fingerprint of a request (method, path, canonical body): an HMAC, so a stored one reveals nothing of a guessable body. */
  fingerprint(request: unknown): string {
    return this.hmac(`fingerprint\n${JSON.stringify(request)}`).toString('base64url');
  }

  /** Takes the key for this request, or says why not: a stored first response, a request still running, or another request. */
  async claim(caller: string, key: string, fingerprint: string): Promise<Claim> {
    const id = this.hmac(`key\n${caller}\n${key}`).toString('base64url');
    const now = this.clock().getTime();
    this.purgeInBackground(now);
    const found = await this.readStore.transaction(async (tx) => {
      const existing = await tx.get<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, id);
      if (existing && existing.expiresAt > now) {
        if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' } as const;
        if (existing.state === 'done') return { outcome: 'done', sealed: existing.sealed } as const;
        if (existing.lockedUntil > now) return { outcome: 'in-flight' } as const;
        // The same request again after its attempt died or failed: it takes the key over, with the same ids.
        await tx.upsert<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, { ...existing, lockedUntil: now + IN_FLIGHT_LEASE_MS });
        return { outcome: 'claimed', firstId: existing.firstId } as const;
      }
      const firstId = reservePostIds(IDS_PER_KEY);
      await tx.upsert<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, {
        id,
        fingerprint,
        state: 'in-flight',
        lockedUntil: now + IN_FLIGHT_LEASE_MS,
        expiresAt: now + IDEMPOTENCY_TTL_MS,
        firstId,
        sealed: null,
      });
      return { outcome: 'claimed', firstId } as const;
    });
    if (found.outcome === 'done') {
      const response = found.sealed === null ? null : await this.open(found.sealed, caller, key);
      // Unreadable: sealed for an account since erased (or under a rotated secret). Never run twice: refuse.
      return response ? { outcome: 'replay', response } : { outcome: 'mismatch' };
    }
    if (found.outcome !== 'claimed') return found;
    return this.claimed(id, caller, key, found.firstId);
  }

  /** Deletes every expired key, a batch per transaction (so claims are not held up behind one long purge); answers how many. */
  async purgeExpired(): Promise<number> {
    const now = this.clock().getTime();
    let purged = 0;
    for (;;) {
      const batch = await this.readStore.transaction(async (tx) => {
        const expired = await tx.find<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, { expiresAt: { $lte: now } }, { limit: PURGE_BATCH });
        for (const document of expired) await tx.delete(IDEMPOTENCY_COLLECTION, document.id);
        return expired.length;
      });
      purged += batch;
      if (batch < PURGE_BATCH) return purged;
    }
  }

  private claimed(id: string, caller: string, key: string, firstId: number): Claim {
    let renewals = 0;
    const renewal = setInterval(() => {
      // Bounded, so an attempt whose end was never seen cannot hold its key for ever.
      if (++renewals > MAX_RENEWALS) return clearInterval(renewal);
      this.renew(id, firstId).catch((error: unknown) => this.logger.warn(`Could not renew an Idempotency-Key claim: ${String(error)}`));
    }, RENEW_EVERY_MS);
    renewal.unref();
    return {
      outcome: 'claimed',
      firstId,
      idCount: IDS_PER_KEY,
      seed: this.hmac(`command\n${caller}\n${key}\n${firstId}`),
      complete: async (response) => {
        clearInterval(renewal);
        const sealed = await this.seal(response, caller, key);
        await this.readStore.transaction(async (tx) => {
          const claim = await tx.get<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, id);
          if (!claim) return;
          await tx.upsert<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, { ...claim, state: 'done', lockedUntil: 0, sealed });
        });
      },
      release: async (keep) => {
        clearInterval(renewal);
        await this.readStore.transaction(async (tx) => {
          const claim = await tx.get<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, id);
          if (!claim || claim.state !== 'in-flight') return;
          if (keep) await tx.upsert<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, { ...claim, lockedUntil: 0 });
          else await tx.delete(IDEMPOTENCY_COLLECTION, id);
        });
      },
    };
  }

  private async renew(id: string, firstId: number): Promise<void> {
    await this.readStore.transaction(async (tx) => {
      const claim = await tx.get<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, id);
      if (claim?.state !== 'in-flight' || claim.firstId !== firstId) return;
      await tx.upsert<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, { ...claim, lockedUntil: this.clock().getTime() + IN_FLIGHT_LEASE_MS });
    });
  }

  private purgeInBackground(now: number): void {
    if (this.purging || now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.purging = this.purgeExpired()
      .catch((error: unknown) => {
        this.logger.warn(`Could not purge expired Idempotency-Keys: ${String(error)}`);
        return 0;
      })
      .finally(() => (this.purging = null));
  }

  /** Waits for a purge started by a claim (tests). */
  async purged(): Promise<void> {
    await this.purging;
  }

  /** Sealed with a key of (caller, Idempotency-Key), then, for an account, with its personal-data key (crypto-shredded on erasure). */
  private async seal(response: StoredResponse, caller: string, key: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.responseKey(caller, key), iv);
    const data = Buffer.concat([cipher.update(JSON.stringify(response), 'utf8'), cipher.final()]);
    const inner = Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
    if (caller === ANONYMOUS_CALLER) return inner;
    return JSON.stringify(await this.vault.seal(caller, { inner }));
  }

  /** The stored response, or null when it no longer opens (the account's key was shredded, or the secret changed). */
  private async open(sealed: string, caller: string, key: string): Promise<StoredResponse | null> {
    try {
      let inner = sealed;
      if (caller !== ANONYMOUS_CALLER) {
        const opened = await this.vault.open<{ inner: string }>(caller, JSON.parse(sealed) as SealedPersonalData);
        if (!opened) return null;
        inner = opened.inner;
      }
      const bytes = Buffer.from(inner, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.responseKey(caller, key), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as StoredResponse;
    } catch {
      return null;
    }
  }

  private responseKey(caller: string, key: string): Buffer {
    return this.hmac(`response\n${caller}\n${key}`);
  }

  private hmac(text: string): Buffer {
    return createHmac('sha256', this.config.idempotencySecret).update(text).digest();
  }
}
