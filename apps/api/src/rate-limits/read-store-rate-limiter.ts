import { randomUUID } from 'node:crypto';
import type { ReadDocument, ReadStore, ReadStoreTransaction } from '@app/read-store';
import type { RateLimiter, RateWindow, Reservation } from './rate-limiter.port';

/** Not a projection's collection: nothing rebuilds it, so counters outlive restarts and rebuilds. */
export const RATE_LIMITS_COLLECTION = 'rate-limits';
/** Documents whose every slot has expired are deleted a few at a time by later takes. */
const PURGE_BATCH = 20;

interface Slot {
  slot: string;
  at: number;
}

interface CounterDocument extends ReadDocument {
  slots: Slot[];
  /** When the newest slot leaves the window: the document is dead from then on. */
  expiresAt: number;
}

/**
 * Counters as read-store documents, one per window and subject, changed inside read-store
 * transactions: they are serialized (and on MongoDB re-run on a write conflict with another
 * process), so racing takes never both see a free slot.
 */
export class ReadStoreRateLimiter implements RateLimiter {
  private indexed?: Promise<void>;

  constructor(private readonly readStore: ReadStore) {}

  async take(window: RateWindow, subject: string, nowMs: number): Promise<Reservation> {
    await this.ensureIndexes();
    return this.readStore.transaction(async (tx) => {
      const id = documentId(window, subject);
      const live = liveSlots(await tx.get<CounterDocument>(RATE_LIMITS_COLLECTION, id), window, nowMs);
      await purgeExpired(tx, nowMs);
      if (live.length >= window.max) return { granted: false, retryAfterMs: live[live.length - window.max].at + window.windowMs - nowMs };
      const slot = randomUUID();
      await save(tx, id, [...live, { slot, at: nowMs }], window);
      return { granted: true, slot };
    });
  }

  async release(window: RateWindow, subject: string, slot: string): Promise<void> {
    await this.readStore.transaction(async (tx) => {
      const id = documentId(window, subject);
      const document = await tx.get<CounterDocument>(RATE_LIMITS_COLLECTION, id);
      if (!document) return;
      await save(
        tx,
        id,
        document.slots.filter((taken) => taken.slot !== slot),
        window,
      );
    });
  }

  async clear(window: RateWindow, subject: string): Promise<void> {
    await this.readStore.transaction((tx) => tx.delete(RATE_LIMITS_COLLECTION, documentId(window, subject)));
  }

  /** The read store belongs to the site; it closes it. */
  async close(): Promise<void> {}

  private ensureIndexes(): Promise<void> {
    this.indexed ??= this.readStore.ensureIndexes(RATE_LIMITS_COLLECTION, [['expiresAt']]).catch((error: unknown) => {
      this.indexed = undefined;
      throw error;
    });
    return this.indexed;
  }
}

const documentId = (window: RateWindow, subject: string) => `${window.name}:${subject}`;

/** The slots still in the window, oldest first. */
function liveSlots(document: CounterDocument | null, window: RateWindow, nowMs: number): Slot[] {
  return (document?.slots ?? []).filter((taken) => nowMs - taken.at < window.windowMs).sort((a, b) => a.at - b.at);
}

async function save(tx: ReadStoreTransaction, id: string, slots: Slot[], window: RateWindow): Promise<void> {
  if (slots.length === 0) return tx.delete(RATE_LIMITS_COLLECTION, id);
  const expiresAt = Math.max(...slots.map((taken) => taken.at)) + window.windowMs;
  await tx.upsert<CounterDocument>(RATE_LIMITS_COLLECTION, { id, slots, expiresAt });
}

async function purgeExpired(tx: ReadStoreTransaction, nowMs: number): Promise<void> {
  const expired = await tx.find<CounterDocument>(RATE_LIMITS_COLLECTION, { expiresAt: { $lte: nowMs } }, { limit: PURGE_BATCH });
  for (const document of expired) await tx.delete(RATE_LIMITS_COLLECTION, document.id);
}
