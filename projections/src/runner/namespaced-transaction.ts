import { SHADOW_SUFFIX, type ReadStoreTransaction } from '@app/read-store';

/** Suffix of the collections and checkpoint a rebuild writes beside the live ones (the read store keeps no document versions for them). */
export const REBUILD_SUFFIX = SHADOW_SUFFIX;

/**
 * Gives a projection its logical collection names while it writes to physical ones (the live
 * collections, or the rebuild's shadow copies). Only the collections it declared are reachable.
 */
export function namespacedTransaction(tx: ReadStoreTransaction, owned: readonly string[], suffix: string): ReadStoreTransaction {
  // One string per collection, made once: a fold names a collection on every read and write, and a
  // store keying its maps by name hashes a string made afresh each time again.
  const names = new Map(owned.map((collection) => [collection, collection + suffix]));
  const physical = (collection: string) => {
    const name = names.get(collection);
    if (name === undefined) throw new Error(`Projection does not own collection "${collection}"`);
    return name;
  };
  return {
    get: (collection, id) => tx.get(physical(collection), id),
    find: (collection, filter, options) => tx.find(physical(collection), filter, options),
    upsert: (collection, document) => tx.upsert(physical(collection), document),
    delete: (collection, id) => tx.delete(physical(collection), id),
    dropCollection: (collection) => tx.dropCollection(physical(collection)),
    renameCollection: () => Promise.reject(new Error('Projections cannot rename collections')),
    getCheckpoint: () => Promise.reject(new Error('Projections cannot read checkpoints')),
    setCheckpoint: () => Promise.reject(new Error('Projections cannot move checkpoints')),
    deleteCheckpoint: () => Promise.reject(new Error('Projections cannot delete checkpoints')),
  };
}
