import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import type { ReadDocument, ReadStore } from '@app/read-store';
import { CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';

export const IDEMPOTENCY_COLLECTION = 'idempotency-keys';
/** How long a key is remembered (a retry after that runs again). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A request still 'in flight' after this long died with its process: its key may be taken again. */
const IN_FLIGHT_LEASE_MS = 2 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

export interface StoredResponse {
  status: number;
  body: unknown;
}

interface IdempotencyDocument extends ReadDocument {
  fingerprint: string;
  state: 'in-flight' | 'done';
  startedAt: number;
  expiresAt: number;
  /** The first response, sealed with a key derived from the Idempotency-Key, which is never stored. */
  sealed: string | null;
}

export type Claim =
  | { outcome: 'claimed'; complete(response: StoredResponse): Promise<void>; release(): Promise<void> }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'in-flight' }
  | { outcome: 'mismatch' };

/**
 * The keys of recent commands, per caller, in the read store (so they hold across API processes and
 * restarts). The document id is a hash of caller and key; the stored response (it may hold a session
 * token) can only be opened by whoever presents the key again.
 */
@Injectable()
export class IdempotencyRecords implements OnModuleInit {
  private lastPurge = 0;

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.readStore.ensureIndexes(IDEMPOTENCY_COLLECTION, [['expiresAt']]);
  }

  /** Takes the key for this request, or says why not: a stored first response, a request still running, or another body. */
  async claim(caller: string, key: string, fingerprint: string): Promise<Claim> {
    const id = sha256(`${caller}\n${key}`);
    const now = this.clock().getTime();
    await this.purgeExpired(now);
    const claim = await this.readStore.transaction(async (tx): Promise<Claim> => {
      const existing = await tx.get<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, id);
      const abandoned = existing?.state === 'in-flight' && now - existing.startedAt > IN_FLIGHT_LEASE_MS;
      if (existing && existing.expiresAt > now && !abandoned) {
        if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
        if (existing.state === 'in-flight' || existing.sealed === null) return { outcome: 'in-flight' };
        return { outcome: 'replay', response: open(existing.sealed, caller, key) };
      }
      await tx.upsert<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, {
        id,
        fingerprint,
        state: 'in-flight',
        startedAt: now,
        expiresAt: now + IDEMPOTENCY_TTL_MS,
        sealed: null,
      });
      return { outcome: 'claimed', complete: async () => undefined, release: async () => undefined };
    });
    if (claim.outcome !== 'claimed') return claim;
    return {
      outcome: 'claimed',
      complete: (response) =>
        this.readStore.transaction((tx) =>
          tx.upsert<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, {
            id,
            fingerprint,
            state: 'done',
            startedAt: now,
            expiresAt: this.clock().getTime() + IDEMPOTENCY_TTL_MS,
            sealed: seal(response, caller, key),
          }),
        ),
      release: () => this.readStore.transaction((tx) => tx.delete(IDEMPOTENCY_COLLECTION, id)),
    };
  }

  private async purgeExpired(now: number): Promise<void> {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.readStore.transaction(async (tx) => {
      const expired = await tx.find<IdempotencyDocument>(IDEMPOTENCY_COLLECTION, { expiresAt: { $lte: now } }, { limit: 1000 });
      for (const document of expired) await tx.delete(IDEMPOTENCY_COLLECTION, document.id);
    });
  }
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const keyOf = (caller: string, key: string): Buffer => createHash('sha256').update(`idempotency-response\n${caller}\n${key}`).digest();

function seal(response: StoredResponse, caller: string, key: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(caller, key), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(response), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64');
}

function open(sealed: string, caller: string, key: string): StoredResponse {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(caller, key), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8')) as StoredResponse;
}
