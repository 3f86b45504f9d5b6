import type { ReadStore, ReadStoreTransaction } from '@app/read-store';
import { THIS_PROCESS } from './lease-holder';

/** One document per projection being rebuilt: who builds its shadow, for which version, until when. */
export const REBUILD_LEASES_COLLECTION = 'projection_rebuilds';

export interface RebuildLeaseOptions {
  /** Who holds the lease; default: this process. */
  owner?: string;
  /** How long the lease lasts without renewal (every batch renews it). Default 15 s. */
  leaseMs?: number;
  /** Wall-clock milliseconds (leases are compared across processes). Default `Date.now`. */
  now?: () => number;
}

interface RebuildLeaseDocument {
  id: string;
  owner: string;
  /** The code version the shadow is built with: a shadow of another version is never resumed. */
  version: number;
  /** The shadow was emptied for this version: what it holds may be resumed. */
  prepared: boolean;
  expiresAt: number;
  [field: string]: unknown;
}

export type LeaseAcquired = { taken: true; resume: boolean } | { taken: false; owner: string; expiresAt: Date };

/** Thrown inside a transaction of a rebuild whose lease another holder has taken: nothing of it is written. */
export class RebuildLeaseLost extends Error {
  constructor(name: string) {
    super(`The rebuild lease of ${name} is held by another process`);
  }
}

/**
 * One rebuild of a projection at a time, across processes: the lease document is read and written
 * inside read-store transactions (serialized), every batch of the rebuild checks and renews it in
 * its own transaction, and a holder that stopped renewing is taken over once its lease expired.
 */
export class RebuildLease {
  readonly owner: string;
  private readonly leaseMs: number;
  private readonly now: () => number;

  constructor(
    private readonly readStore: ReadStore,
    readonly name: string,
    readonly version: number,
    options: RebuildLeaseOptions = {},
  ) {
    this.owner = options.owner ?? THIS_PROCESS;
    this.leaseMs = options.leaseMs ?? 15_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * Takes the lease when it is free, expired or already ours. `resume` says whether the shadow was
   * prepared for this version (by us or a holder whose lease expired) and may be continued from its
   * checkpoint; otherwise `reset` runs in the same transaction to empty it. Without `reset` (a shadow
   * in another store) the caller empties the shadow, then calls `prepared`.
   */
  acquire(reset?: (tx: ReadStoreTransaction) => Promise<void>): Promise<LeaseAcquired> {
    return this.readStore.transaction(async (tx) => {
      const held = await tx.get<RebuildLeaseDocument>(REBUILD_LEASES_COLLECTION, this.name);
      if (held && held.owner !== this.owner && held.expiresAt > this.now()) {
        return { taken: false, owner: held.owner, expiresAt: new Date(held.expiresAt) };
      }
      const resume = held?.version === this.version && held.prepared;
      if (!resume && reset) await reset(tx);
      await this.write(tx, resume || reset !== undefined);
      return { taken: true, resume };
    });
  }

  /** Inside a transaction of the rebuild: throws unless the lease is still ours, then renews it. */
  async guard(tx: ReadStoreTransaction): Promise<void> {
    const held = await tx.get<RebuildLeaseDocument>(REBUILD_LEASES_COLLECTION, this.name);
    if (!held || held.owner !== this.owner || held.version !== this.version) throw new RebuildLeaseLost(this.name);
    await this.write(tx, held.prepared);
  }

  /** Marks the shadow prepared (when preparing it happened outside the lease's transaction). */
  async prepared(): Promise<void> {
    await this.readStore.transaction(async (tx) => {
      await this.guard(tx);
      await this.write(tx, true);
    });
  }

  /** At the switch: the next rebuild starts afresh. */
  release(tx: ReadStoreTransaction): Promise<void> {
    return tx.delete(REBUILD_LEASES_COLLECTION, this.name);
  }

  private write(tx: ReadStoreTransaction, prepared: boolean): Promise<void> {
    return tx.upsert<RebuildLeaseDocument>(REBUILD_LEASES_COLLECTION, {
      id: this.name,
      owner: this.owner,
      version: this.version,
      prepared,
      expiresAt: this.now() + this.leaseMs,
    });
  }
}
