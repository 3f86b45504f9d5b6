import type { ReadStore } from '@app/read-store';
import { holderMayBeAlive, THIS_PROCESS } from './lease-holder';

/** One document per projection (reactor, search writer): which projector runs it, until when. */
export const PROJECTION_LEASES_COLLECTION = 'projection_leases';

export interface ProjectionLeaseOptions {
  /** Who holds the leases; default: this process. */
  owner?: string;
  /** How often held leases are renewed and free ones tried (default 1 s). */
  heartbeatMs?: number;
  /** How long a lease lasts without renewal (default 3 heartbeats). */
  ttlMs?: number;
  /** Wall-clock milliseconds (leases are compared across processes). Default `Date.now`. */
  now?: () => number;
  /** Whether a holder still runs (default: a process of this host that is gone is not). */
  isAlive?: (owner: string) => boolean;
}

interface ProjectionLeaseDocument {
  id: string;
  owner: string;
  expiresAt: number;
  [field: string]: unknown;
}

/**
 * The leases of one runner: each target runs only in the process holding its lease (Emmett's
 * processor lock, Marten's HotCold). One read-store transaction per heartbeat renews the leases
 * held and takes those free, expired or held by a process of this host that is gone. The lease
 * decides who works; the compare-and-set on each checkpoint is the fence: a zombie that lost its
 * lease cannot move a position already moved. So a holder whose heartbeat fails (the read store
 * away) keeps working (and shows its projections failing) until a heartbeat says another holds them.
 */
export class ProjectionLeases {
  readonly owner: string;
  readonly heartbeatMs: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly isAlive: (owner: string) => boolean;
  private held = new Set<string>();

  constructor(
    private readonly readStore: ReadStore,
    private readonly names: readonly string[],
    options: ProjectionLeaseOptions = {},
  ) {
    this.owner = options.owner ?? THIS_PROCESS;
    this.heartbeatMs = options.heartbeatMs ?? 1_000;
    this.ttlMs = options.ttlMs ?? 3 * this.heartbeatMs;
    this.now = options.now ?? Date.now;
    this.isAlive = options.isAlive ?? holderMayBeAlive;
  }

  holds(name: string): boolean {
    return this.held.has(name);
  }

  /** Renews and takes what it can; returns whether the set held changed. */
  async heartbeat(): Promise<boolean> {
    const startedAt = this.now();
    const held = await this.readStore.transaction(async (tx) => {
      const taken = new Set<string>();
      for (const name of this.names) {
        const lease = await tx.get<ProjectionLeaseDocument>(PROJECTION_LEASES_COLLECTION, name);
        const free = !lease || lease.owner === this.owner || lease.expiresAt <= startedAt || !this.isAlive(lease.owner);
        if (!free) continue;
        await tx.upsert<ProjectionLeaseDocument>(PROJECTION_LEASES_COLLECTION, {
          id: name,
          owner: this.owner,
          expiresAt: startedAt + this.ttlMs,
        });
        taken.add(name);
      }
      return taken;
    });
    const changed = held.size !== this.held.size || [...held].some((name) => !this.held.has(name));
    this.held = held;
    return changed;
  }

  /** On a clean stop: the leases are free for a standby at once. */
  async release(): Promise<void> {
    const held = [...this.held];
    this.held = new Set();
    await this.readStore.transaction(async (tx) => {
      for (const name of held) {
        const lease = await tx.get<ProjectionLeaseDocument>(PROJECTION_LEASES_COLLECTION, name);
        if (lease?.owner === this.owner) await tx.delete(PROJECTION_LEASES_COLLECTION, name);
      }
    });
  }
}
