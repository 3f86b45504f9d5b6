import { etagOf } from './cache-headers';

/** A read's result serialized once (UTF-8 JSON), with its validator, for the read-model version it was read at. */
export interface CachedRead {
  json: Buffer;
  etag: string;
}

interface Entry {
  version: string;
  read: Promise<CachedRead>;
}

/**
 * Serialized results of public reads by key (route and parameters), each valid for one version of
 * the read models it came from. A request with another version reads again; concurrent misses of
 * one key and version share one read. Least recently used entries go past `maxEntries`. A failed
 * read is not kept.
 *
 * Callers take the version before they read, so an entry may hold documents newer than its
 * version, never older: the next request at the newer version reads again.
 */
export class PublicReadCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly maxEntries = 5000) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, version: string, read: () => Promise<unknown>): Promise<CachedRead> {
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      return hit.read;
    }
    const entry: Entry = {
      version,
      read: read().then((result) => {
        const json = JSON.stringify(result ?? null);
        return { json: Buffer.from(json), etag: etagOf(json) };
      }),
    };
    this.entries.set(key, entry);
    entry.read.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
    return entry.read;
  }
}
