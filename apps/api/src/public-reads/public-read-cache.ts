import { etagOf } from './cache-headers';

/** A read's result serialized once (UTF-8 JSON), with its validator, for the read-model version it was read at. */
export interface CachedRead {
  json: Buffer;
  etag: string;
  /** The result itself, never changed: the base of the logged-in readers' variants. */
  result: unknown;
}

/** Variants kept per read (a reader likes the post or not): a handful at most. */
const MAX_VARIANTS = 8;
const variants = new WeakMap<CachedRead, Map<string, CachedRead>>();

function cachedRead(result: unknown): CachedRead {
  const json = JSON.stringify(result ?? null);
  return { json: Buffer.from(json), etag: etagOf(json), result };
}

/**
 * `read` for one reader: its result with `patch` merged over it (a key it has keeps its place, so
 * the JSON and ETag are those of the same result read for them in full), serialized once per
 * distinct patch; `read` itself when the patch changes nothing.
 */
export function withReaderPart(read: CachedRead, patch: object): CachedRead {
  const base = read.result as Record<string, unknown> | null;
  const entries = Object.entries(patch);
  if (entries.every(([key, value]) => base !== null && typeof base === 'object' && base[key] === value)) return read;
  let kept = variants.get(read);
  if (!kept) variants.set(read, (kept = new Map<string, CachedRead>()));
  const key = JSON.stringify(patch);
  let variant = kept.get(key);
  if (!variant) {
    variant = cachedRead({ ...base, ...patch });
    if (kept.size < MAX_VARIANTS) kept.set(key, variant);
  }
  return variant;
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

  constructor(
    private readonly maxEntries = 5000,
    private readonly looked: (hit: boolean) => void = () => undefined,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, version: string, read: () => Promise<unknown>): Promise<CachedRead> {
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      this.looked(true);
      return hit.read;
    }
    this.looked(false);
    const entry: Entry = {
      version,
      read: read().then(cachedRead),
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
