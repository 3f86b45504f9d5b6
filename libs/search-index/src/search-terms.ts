import { MAX_SEARCH_WORDS, stripSearchText } from '@app/contracts';
import type { SearchDocument, SearchEntityType, SearchIndexBatch, SearchQuery } from './search-index.port';

/**
 * SPEC §5: the words of the search text (letters only, any script); none means 'list everything'.
 * A repeated word counts once and at most MAX_SEARCH_WORDS are kept (the request schema refuses
 * more): an index's cost grows with the words it matches. The last word stays last (it is the prefix).
 */
export function searchWords(text: string): string[] {
  const words = stripSearchText(text)
    .split(' ')
    .filter((word) => word.length > 0);
  const last = words.at(-1);
  if (last === undefined) return [];
  const earlier = [...new Set(words.slice(0, -1))].filter((word) => word !== last);
  return [...earlier.slice(0, MAX_SEARCH_WORDS - 1), last];
}

/** The keyset of SPEC §4: per requested entity type, the id the page must go beyond. */
export function keysetBounds(query: SearchQuery): Array<{ entityType: SearchEntityType; beyond: number }> {
  const types: SearchEntityType[] = query.entityType === 100 ? [1, 2] : [query.entityType];
  return types.map((entityType) => ({
    entityType,
    beyond: entityType === 1 ? query.lastFetchedArticleId : query.lastFetchedQuestionId,
  }));
}

/** The text the index searches for a document's tags. */
export const tagText = (document: SearchDocument): string => document.tags.map((tag) => tag.subTag).join(' ');

/**
 * A batch buffered in memory until its adapter commits it in one step: the last write of an id
 * wins (null = removed), and `get` sees the buffered writes before the committed documents.
 */
export class BufferedBatch implements SearchIndexBatch {
  readonly writes = new Map<number, SearchDocument | null>();

  constructor(private readonly committed: (id: number) => Promise<SearchDocument | null>) {}

  async get(id: number): Promise<SearchDocument | null> {
    if (this.writes.has(id)) return structuredClone(this.writes.get(id) ?? null);
    return this.committed(id);
  }

  upsert(document: SearchDocument): void {
    this.writes.set(document.id, structuredClone(document));
  }

  remove(id: number): void {
    this.writes.set(id, null);
  }
}
