import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import { applyEvents, prefetchFor, type BatchTarget } from './apply-batch';
import type { BatchResult } from './isolate-failures';

interface Request {
  target: BatchTarget;
  /** The target's own run (its own read and transaction, isolating failures): the fallback. */
  own: () => Promise<BatchResult>;
  resolve: (result: BatchResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Feeds the caught-up read-store projections from ONE read of the log: the batches their loops ask
 * for within one turn of the event loop are served together. The members at the same checkpoint
 * get the same events, applied in one read-store transaction that moves all their checkpoints
 * (each compare-and-set, as on their own), so one commit serves them all. Whatever cannot share
 * runs its own batch as before: a member at another checkpoint, and the whole group when one
 * projection throws (nothing was written; each then isolates and parks its own failures).
 */
export class SharedLogRead {
  private queued: Request[] = [];

  constructor(
    private readonly eventStore: EventStore,
    private readonly readStore: ReadStore,
    private readonly batchSize: number,
  ) {}

  applyNextBatch(target: BatchTarget, own: () => Promise<BatchResult>): Promise<BatchResult> {
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) setImmediate(() => void this.serve());
      this.queued.push({ target, own, resolve, reject });
    });
  }

  private async serve(): Promise<void> {
    const group = this.queued;
    this.queued = [];
    if (group.length === 1) return runOwn(group[0]);
    let froms: (bigint | null)[];
    try {
      froms = await Promise.all(group.map((request) => this.readStore.getCheckpoint(request.target.checkpointName)));
    } catch (error) {
      for (const request of group) request.reject(error);
      return;
    }
    const from = mostCommon(froms);
    const sharing = group.filter((_, index) => froms[index] === from);
    group.filter((_, index) => froms[index] !== from).forEach(runOwn);
    if (sharing.length === 1) return runOwn(sharing[0]);

    try {
      const events = await this.eventStore.readAll({ after: from, maxCount: this.batchSize });
      if (events.length === 0) {
        for (const request of sharing) request.resolve({ read: 0, checkpoint: from });
        return;
      }
      const last = events[events.length - 1].position;
      let applied: Set<Request>;
      try {
        const prefetched = await Promise.all(sharing.map((request) => prefetchFor(request.target.projection, events)));
        applied = await this.readStore.transaction(async (tx) => {
          const done = new Set<Request>();
          for (const [index, request] of sharing.entries()) {
            const { checkpointName } = request.target;
            if ((await tx.getCheckpoint(checkpointName)) !== from) continue; // moved meanwhile: it runs again from there
            await applyEvents(tx, request.target, events, prefetched[index]);
            await tx.setCheckpoint(checkpointName, last);
            done.add(request);
          }
          return done;
        });
      } catch {
        // Nothing of the group was written (a prefetch or the transaction failed): each member applies
        // the batch on its own, isolating its failure, poison or outage.
        sharing.forEach(runOwn);
        return;
      }
      for (const request of sharing) {
        if (applied.has(request)) request.resolve({ read: events.length, checkpoint: last });
        else request.resolve({ read: events.length, checkpoint: await this.readStore.getCheckpoint(request.target.checkpointName) });
      }
    } catch (error) {
      for (const request of sharing) request.reject(error);
    }
  }
}

function runOwn(request: Request): void {
  request.own().then(request.resolve, request.reject);
}

function mostCommon<T>(values: readonly T[]): T {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}
