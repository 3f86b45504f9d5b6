import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadStore } from '@app/read-store';
import { CLOCK, READ_STORE, type Clock } from '../infrastructure/tokens';

/** What was handed out with one kind of secret, kept until it is taken once or expires. */
export interface SingleUseSecretKind<Data extends object> {
  remember(secret: string, data: Data): Promise<void>;
  /** The data remembered with the secret, once; null for an unknown, used or expired secret. */
  take(secret: string): Promise<Data | null>;
}

/**
 * Server-side state for secrets handed out to a browser to come back once and soon (an external
 * sign-in's handoff code, a passkey ceremony's challenge). They live in the read store, shared by
 * every API process, so a secret given out by one process is taken on any other; taking deletes
 * in a transaction, so of two answers with one secret only the first gets its data. Only the
 * secret's SHA-256 is stored, never the secret. Data must not use the names `id` and `expiresAt`.
 */
@Injectable()
export class SingleUseSecrets {
  constructor(
    @Inject(READ_STORE) private readonly store: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Secrets kept in `collection`, each for `lifetimeMs` after it was remembered. */
  of<Data extends object>(collection: string, lifetimeMs: number): SingleUseSecretKind<Data> {
    type Stored = Data & { id: string; expiresAt: number };
    return {
      remember: async (secret, data) => {
        const now = this.clock().getTime();
        await this.store.transaction(async (tx) => {
          // Those nobody came back for go as new ones come.
          for (const stale of await tx.find<Stored>(collection, { expiresAt: { $lt: now } }, { limit: 100 }))
            await tx.delete(collection, stale.id);
          await tx.upsert<Stored>(collection, { ...data, id: sha256Hex(secret), expiresAt: now + lifetimeMs });
        });
      },
      take: (secret) => {
        const now = this.clock().getTime();
        return this.store.transaction(async (tx) => {
          const stored = await tx.get<Stored>(collection, sha256Hex(secret));
          if (!stored) return null;
          await tx.delete(collection, stored.id);
          if (stored.expiresAt <= now) return null;
          const { id: _id, expiresAt: _expiresAt, ...data } = stored;
          return data as unknown as Data;
        });
      },
    };
  }
}

export const sha256Hex = (secret: string) => createHash('sha256').update(secret).digest('hex');
