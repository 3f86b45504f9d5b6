/**
 * Collection names both adapters accept: a letter or digit, then letters, digits, `_` and `-`
 * (so `posts__rebuild` is fine). Names starting with `_` stay free for the stores' own
 * bookkeeping (MongoDB's `_checkpoints`), and none can smuggle SQL or a Mongo namespace.
 */
const COLLECTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,119}$/;

export function isCollectionName(name: string): boolean {
  return COLLECTION_NAME.test(name);
}

export function assertCollectionName(name: string): void {
  if (typeof name !== 'string' || !COLLECTION_NAME.test(name)) {
    throw new TypeError(`Invalid read-store collection name: ${JSON.stringify(name)}`);
  }
}

/**
 * The suffix of a shadow collection: a rebuild writes one beside the live collection, nobody reads
 * it, and its rename onto the live one replaces every document's version. So the stores keep no
 * per-document change versions for it (writing them was one extra row per document rebuilt); its
 * collection version still moves with its writes.
 */
export const SHADOW_SUFFIX = '__rebuild';

export function keepsDocumentVersions(collection: string): boolean {
  return !collection.endsWith(SHADOW_SUFFIX);
}
