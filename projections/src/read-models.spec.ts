import { createProjections } from './all-projections';
import { READ_MODELS } from './read-models';
import { SEARCH_PROJECTION_NAME } from './search/search.projection';

describe('read-model names', () => {
  it('are exactly the projections the site runs (reactors aside) and the search index', () => {
    const projections = createProjections({} as Parameters<typeof createProjections>[0]);
    const names = [...projections.filter((projection) => !projection.reactor).map((projection) => projection.name), SEARCH_PROJECTION_NAME];
    expect([...names].sort()).toEqual([...READ_MODELS].sort());
  });
});
