import type { EventStore } from '@app/event-store';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import { isReactor, type Projection, type SearchIndexProjection } from '../projection';
import type { ProjectionTarget } from './projection-target';
import { reactorTarget } from './reactor-target';
import { readStoreTarget } from './read-store-target';
import { searchIndexTarget } from './search-index-target';

/** The search projection with the index that holds its documents and checkpoint. */
export interface SearchTargetConfig {
  index: SearchIndex;
  projection: SearchIndexProjection;
}

/** Every target the site runs: the read-store projections, the reactors (side effects outside the read store's transactions), and the search projection when given. */
export function createProjectionTargets(
  eventStore: EventStore,
  readStore: ReadStore,
  projections: readonly Projection[],
  search?: SearchTargetConfig,
): ProjectionTarget[] {
  const targets = projections.map((projection) =>
    isReactor(projection) ? reactorTarget(eventStore, readStore, projection) : readStoreTarget(eventStore, readStore, projection),
  );
  if (search) targets.push(searchIndexTarget(eventStore, readStore, search.index, search.projection));
  return targets;
}
