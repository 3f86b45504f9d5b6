import { join } from 'node:path';
import type * as Meilisearch from './meilisearch/meilisearch-search-index';
import type { SearchIndex } from './search-index.port';
import { Fts5SearchIndex } from './sqlite/fts5-search-index';

export interface SearchIndexConfig {
  dataDir: string;
  /** Set: Meilisearch. Unset: the embedded FTS5 file `<dataDir>/search.sqlite`. */
  meilisearchUrl?: string;
  meilisearchKey?: string;
}

export function createSearchIndex(config: SearchIndexConfig): SearchIndex {
  if (config.meilisearchUrl)
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when configured: a process never loads the clients it does not use
    return new (require('./meilisearch/meilisearch-search-index') as typeof Meilisearch).MeilisearchSearchIndex({
      url: config.meilisearchUrl,
      apiKey: config.meilisearchKey,
    });
  return new Fts5SearchIndex({ file: join(config.dataDir, 'search.sqlite') });
}
