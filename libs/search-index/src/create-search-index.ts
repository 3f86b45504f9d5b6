import { join } from 'node:path';
import { MeilisearchSearchIndex } from './meilisearch/meilisearch-search-index';
import type { SearchIndex } from './search-index.port';
import { Fts5SearchIndex } from './sqlite/fts5-search-index';

export interface SearchIndexConfig {
  dataDir: string;
  /** Set: Meilisearch. Unset: the embedded FTS5 file `<dataDir>/search.sqlite`. */
  meilisearchUrl?: string;
  meilisearchKey?: string;
}

export function createSearchIndex(config: SearchIndexConfig): SearchIndex {
  if (config.meilisearchUrl) return new MeilisearchSearchIndex({ url: config.meilisearchUrl, apiKey: config.meilisearchKey });
  return new Fts5SearchIndex({ file: join(config.dataDir, 'search.sqlite') });
}
