import { Meilisearch, type EnqueuedTaskPromise, type IndexSwap, type Task } from 'meilisearch';
import type { SearchDocument, SearchGeneration, SearchIndex, SearchIndexBatch, SearchQuery } from '../search-index.port';
import { BufferedBatch, isAnswered, isSolved, keysetCursor, searchWords, tagText, trendingScores } from '../search-terms';

export interface MeilisearchSearchIndexOptions {
  url: string;
  apiKey?: string;
  /** Names the two indexes: `<prefix>_posts` (live) and `<prefix>_posts_shadow`. */
  indexPrefix?: string;
  /** How long to wait for one Meilisearch task. Default 60 s (a rebuild's batches can be large). */
  taskTimeoutMs?: number;
}

const CHECKPOINT_KEY = '_checkpoint';

/**
 * What the adapter stores: posts, tombstones of removed posts, and the generation's checkpoint,
 * all in ONE index, keyed by `key`. Keeping the checkpoint inside the index is what makes a batch
 * atomic (one document-addition task holds the posts, the tombstones and the checkpoint, and a
 * Meilisearch task succeeds or fails as a whole) and what makes the blue-green switch atomic
 * (swapIndexes swaps documents and checkpoints together).
 */
type StoredDocument =
  | ({
      key: string;
      kind: 'post';
      tagIds: number[];
      tagNames: string;
      isAnswered: boolean;
      isSolved: boolean;
      /** `d<day>`: the trending score of the window ending that day (absent: 0). */
      trend: Record<string, number>;
    } & SearchDocument)
  | { key: string; kind: 'removed' }
  | { key: string; kind: 'checkpoint'; checkpoint: string | null };

const SETTINGS = {
  searchableAttributes: ['title', 'description', 'contentText', 'tagNames'],
  filterableAttributes: [
    'kind',
    'id',
    'entityType',
    'categoryId',
    'tagIds',
    'isApproved',
    'isPublished',
    'authorAccountId',
    'isAnswered',
    'isSolved',
    'likes',
    'trend',
  ],
  // `trend` makes its nested `trend.d<day>` fields sortable (and filterable above).
  sortableAttributes: ['id', 'createdOn', 'likes', 'trend'],
  // Sort first: results come in date (= id) order, never by relevance, so keyset paging holds.
  rankingRules: ['sort', 'words', 'proximity', 'attribute', 'exactness'],
  // Every word must match as typed (the last one as a prefix, Meilisearch's default), as with FTS5.
  typoTolerance: { enabled: false },
};

/**
 * The production SearchIndex on Meilisearch. Meilisearch applies writes asynchronously: the
 * adapter waits for every task to succeed before it returns, and the checkpoint travels in the
 * same task as the documents, so a crash re-applies a batch (harmless: whole documents) and
 * never loses one. Case and accents are ignored by Meilisearch's own normalisation.
 *
 * One writer per generation is assumed (the projector): the compare-and-set of `applyBatch`
 * reads the checkpoint before the task, which is enough for one process.
 */
export class MeilisearchSearchIndex implements SearchIndex {
  private readonly client: Meilisearch;
  private readonly liveUid: string;
  private readonly shadowUid: string;
  private readonly taskTimeoutMs: number;
  private readonly prepared = new Map<string, Promise<void>>();

  constructor(options: MeilisearchSearchIndexOptions) {
    this.client = new Meilisearch({ host: options.url, apiKey: options.apiKey });
    const prefix = options.indexPrefix ?? 'devcommunity';
    this.liveUid = `${prefix}_posts`;
    this.shadowUid = `${prefix}_posts_shadow`;
    this.taskTimeoutMs = options.taskTimeoutMs ?? 60_000;
  }

  async getCheckpoint(generation: SearchGeneration = 'live'): Promise<bigint | null> {
    const uid = await this.ready(generation);
    const stored = await this.fetch(uid, CHECKPOINT_KEY);
    return stored?.kind === 'checkpoint' && stored.checkpoint !== null ? BigInt(stored.checkpoint) : null;
  }

  async get(id: number, generation: SearchGeneration = 'live'): Promise<SearchDocument | null> {
    const uid = await this.ready(generation);
    const stored = await this.fetch(uid, String(id));
    return stored?.kind === 'post' ? toSearchDocument(stored) : null;
  }

  async applyBatch(
    generation: SearchGeneration,
    checkpoint: { from: bigint | null; to: bigint },
    work: (batch: SearchIndexBatch) => void | Promise<void>,
  ): Promise<boolean> {
    const uid = await this.ready(generation);
    const batch = new BufferedBatch((id) => this.get(id, generation));
    await work(batch);
    if ((await this.getCheckpoint(generation)) !== checkpoint.from) return false;
    const documents: StoredDocument[] = [...batch.writes].map(([id, document]) =>
      document ? toStored(document) : { key: String(id), kind: 'removed' },
    );
    documents.push({ key: CHECKPOINT_KEY, kind: 'checkpoint', checkpoint: checkpoint.to.toString() });
    await this.succeed(this.client.index<StoredDocument>(uid).addDocuments(documents, { primaryKey: 'key' }));
    return true;
  }

  async resetShadow(): Promise<void> {
    this.prepared.delete(this.shadowUid);
    await this.succeed(this.client.deleteIndex(this.shadowUid), { allowMissingIndex: true });
    await this.ready('shadow');
  }

  async promoteShadow(): Promise<void> {
    await this.ready('live');
    await this.ready('shadow');
    // No `rename` field: servers before v1.18 (docker-compose runs v1.15) reject it, and a swap is the default.
    const swap = { indexes: [this.liveUid, this.shadowUid] } as IndexSwap;
    await this.succeed(this.client.swapIndexes([swap]));
    await this.resetShadow();
  }

  async search(query: SearchQuery): Promise<SearchDocument[]> {
    const uid = await this.ready('live');
    const words = searchWords(query.text);
    const result = await this.client.index<StoredDocument>(uid).search(words.join(' '), {
      filter: meilisearchFilter(query),
      sort: meilisearchSort(query),
      limit: query.pageSize,
      matchingStrategy: 'all',
    });
    return result.hits.flatMap((hit) => (hit.kind === 'post' ? [toSearchDocument(hit)] : []));
  }

  async close(): Promise<void> {
    // The client holds no connection.
  }

  /** Creates the generation's index with its settings, once per process (and again after a reset). */
  private ready(generation: SearchGeneration): Promise<string> {
    const uid = generation === 'live' ? this.liveUid : this.shadowUid;
    let preparing = this.prepared.get(uid);
    if (!preparing) {
      preparing = this.prepare(uid);
      this.prepared.set(uid, preparing);
      preparing.catch(() => this.prepared.delete(uid));
    }
    return preparing.then(() => uid);
  }

  private async prepare(uid: string): Promise<void> {
    await this.succeed(this.client.createIndex(uid, { primaryKey: 'key' }), { allowExistingIndex: true });
    await this.succeed(this.client.index(uid).updateSettings(SETTINGS));
  }

  private async fetch(uid: string, key: string): Promise<StoredDocument | null> {
    try {
      return await this.client.index<StoredDocument>(uid).getDocument<StoredDocument>(key);
    } catch (error) {
      if (errorCode(error) === 'document_not_found') return null;
      throw error;
    }
  }

  /** Waits for the task and fails unless it succeeded: nothing moves on before Meilisearch applied it. */
  private async succeed(
    enqueued: EnqueuedTaskPromise,
    options: { allowExistingIndex?: boolean; allowMissingIndex?: boolean } = {},
  ): Promise<Task> {
    const task = await enqueued.waitTask({ timeout: this.taskTimeoutMs });
    if (task.status === 'succeeded') return task;
    const code = task.error?.code;
    if (options.allowExistingIndex && code === 'index_already_exists') return task;
    if (options.allowMissingIndex && code === 'index_not_found') return task;
    throw new Error(`Meilisearch task ${task.uid} (${task.type}) ${task.status}: ${task.error?.message ?? 'no error given'}`);
  }
}

function toStored(document: SearchDocument): StoredDocument {
  return {
    ...document,
    key: String(document.id),
    kind: 'post',
    tagIds: document.tags.map((tag) => tag.id),
    tagNames: tagText(document),
    isAnswered: isAnswered(document),
    isSolved: isSolved(document),
    trend: Object.fromEntries([...trendingScores(document)].map(([day, score]) => [`d${day}`, score])),
  };
}

function toSearchDocument(stored: StoredDocument & { kind: 'post' }): SearchDocument {
  const {
    key: _key,
    kind: _kind,
    tagIds: _tagIds,
    tagNames: _tagNames,
    isAnswered: _isAnswered,
    isSolved: _isSolved,
    trend: _trend,
    ...document
  } = stored;
  return document;
}

function errorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The same conditions as the FTS5 adapter's WHERE clause, in Meilisearch's filter syntax. */
export function meilisearchFilter(query: SearchQuery): string {
  const conditions = ['kind = "post"'];
  const visibility = query.visibility;
  if (visibility === 'public') conditions.push('isPublished = true AND isApproved = true');
  else if (visibility !== 'admin') conditions.push(`authorAccountId = ${quoted(visibility.ownerAccountId)}`);
  if (query.categoryId !== -1) conditions.push(`categoryId = ${query.categoryId}`);
  if (query.authorAccountId !== undefined) conditions.push(`authorAccountId = ${quoted(query.authorAccountId)}`);
  if (query.tagIds.length > 0) conditions.push(`tagIds IN [${query.tagIds.join(', ')}]`);
  if (query.entityType !== 100) conditions.push(`entityType = ${query.entityType}`);
  if (query.status === 'unanswered') conditions.push('entityType = 2 AND isAnswered = false');
  if (query.status === 'solved') conditions.push('entityType = 2 AND isSolved = true');
  const sort = query.sort ?? 'latest';
  const after = query.lastFetchedScore;
  if (sort === 'latest') conditions.push(`id ${query.orderByAsc ? '>' : '<'} ${keysetCursor(query)}`);
  else if (after && sort === 'top') conditions.push(`(likes < ${after.score} OR (likes = ${after.score} AND id < ${after.id}))`);
  else if (after) {
    // A post with no activity in the window has no field: its score is 0.
    const field = trendField(query);
    conditions.push(
      after.score > 0
        ? `(${field} NOT EXISTS OR ${field} < ${after.score} OR (${field} = ${after.score} AND id < ${after.id}))`
        : `(${field} NOT EXISTS AND id < ${after.id})`,
    );
  }
  return conditions.join(' AND ');
}

const trendField = (query: SearchQuery) => `trend.d${query.today ?? 0}`;

/** Date (= id) order, or score then newest first; Meilisearch puts documents without the score field (0) last. */
export function meilisearchSort(query: SearchQuery): string[] {
  switch (query.sort ?? 'latest') {
    case 'latest':
      return [`id:${query.orderByAsc ? 'asc' : 'desc'}`];
    case 'top':
      return ['likes:desc', 'id:desc'];
    case 'trending':
      return [`${trendField(query)}:desc`, 'id:desc'];
  }
}
