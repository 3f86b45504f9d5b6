import { paths } from '@/config/paths';
import { DEFAULT_SEARCH_FILTERS, filtersFromQuery, mergeFiltersIntoQuery, normalizeFilters } from '@/features/search/lib/search-filters';

describe('search filters in the URL (SPEC §2 URL history mode)', () => {
  it('reads the four query parameters', () => {
    expect(filtersFromQuery(new URLSearchParams('searchString=event sourcing&category=3&entityType=1&orderBy=1'))).toEqual({
      searchString: 'event sourcing',
      categoryId: 3,
      entityType: 1,
      orderBy: 1,
      tagIds: [],
      sort: 'latest',
      status: 'any',
    });
  });

  it('reads the sort and the status (issue 27), unknown values taking the defaults', () => {
    expect(filtersFromQuery(new URLSearchParams('sort=top&status=unanswered'))).toMatchObject({ sort: 'top', status: 'unanswered' });
    expect(filtersFromQuery(new URLSearchParams('sort=trending&status=solved'))).toMatchObject({ sort: 'trending', status: 'solved' });
    expect(filtersFromQuery(new URLSearchParams('sort=best&status=open'))).toMatchObject({ sort: 'latest', status: 'any' });
    expect(mergeFiltersIntoQuery(new URLSearchParams('searchString=linq'), { status: 'unanswered' }).toString()).toBe(
      'searchString=linq&status=unanswered',
    );
  });

  it('reads tag ids from repeated `tag` parameters: positive whole numbers, once each, ascending (issue 25)', () => {
    expect(filtersFromQuery(new URLSearchParams('tag=9&tag=3&tag=9&tag=x&tag=-2&tag=0')).tagIds).toEqual([3, 9]);
    expect(filtersFromQuery(new URLSearchParams('tag=12')).tagIds).toEqual([12]);
  });

  it('writes the tag filter as one `tag` parameter per id, replacing the ones before', () => {
    const merged = mergeFiltersIntoQuery(new URLSearchParams('searchString=linq&tag=1&tag=2'), { tagIds: [7, 5] });
    expect(merged.toString()).toBe('searchString=linq&tag=5&tag=7');
    expect(mergeFiltersIntoQuery(merged, { tagIds: [] }).toString()).toBe('searchString=linq');
    expect(mergeFiltersIntoQuery(merged, { orderBy: 1 }).getAll('tag')).toEqual(['5', '7']);
  });

  it('takes the defaults (every category, type 100, order 0) for missing or unreadable parameters', () => {
    expect(filtersFromQuery(new URLSearchParams())).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(DEFAULT_SEARCH_FILTERS).toEqual({
      searchString: '',
      categoryId: -1,
      entityType: 100,
      orderBy: 0,
      tagIds: [],
      sort: 'latest',
      status: 'any',
    });
    expect(filtersFromQuery(new URLSearchParams('category=abc&entityType=3&orderBy=7'))).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(filtersFromQuery(new URLSearchParams('category=-5&entityType=2.5'))).toEqual(DEFAULT_SEARCH_FILTERS);
    expect(filtersFromQuery(new URLSearchParams('category=0'))).toEqual(DEFAULT_SEARCH_FILTERS);
  });

  it('merges a change into the query, keeping the other parameters', () => {
    const query = new URLSearchParams('searchString=linq&category=3&entityType=1&orderBy=0&utm=x');
    const merged = mergeFiltersIntoQuery(query, { entityType: 2, orderBy: 1 });
    expect(Object.fromEntries(merged)).toEqual({ searchString: 'linq', category: '3', entityType: '2', orderBy: '1', utm: 'x' });
    expect(query.get('entityType')).toBe('1');
  });

  it('writes the filters it is given under their parameter names', () => {
    expect(mergeFiltersIntoQuery(new URLSearchParams(), { searchString: 'tasks', categoryId: -1 }).toString()).toBe(
      'searchString=tasks&category=-1',
    );
  });

  it('searches for the text stripped to letters and spaces (SPEC §5)', () => {
    expect(normalizeFilters({ ...DEFAULT_SEARCH_FILTERS, searchString: '  C# 10 & .NET   core! ' }).searchString).toBe('C NET core');
  });

  it('reads back a search filtered by tag ids from its URL', () => {
    const href = paths.search.getHref({ tags: [42] });
    expect(href).toBe('/search?searchString=&category=-1&entityType=100&orderBy=0&tag=42');
    expect(filtersFromQuery(new URL(href, 'http://site').searchParams)).toEqual({ ...DEFAULT_SEARCH_FILTERS, tagIds: [42] });
  });
});
