import { firstSearchPager, MAX_SEARCH_PAGE_SIZE, SearchRequest } from './search';
import { formatIssues } from './validation';

/** As the SPA sends it for a first descending page (SPEC §3, §4). */
const request = {
  searchString: 'event sourcing',
  uName: '',
  categoryId: -1,
  entityType: 100,
  orderByAsc: false,
  Tags: [],
  pager: { lastFetchedQuestionId: 9_007_199_254_740_991, lastFetchedArticleId: 9_007_199_254_740_991, pageSize: 20 },
};

const messageOf = (values: Record<string, unknown>) => {
  const result = SearchRequest.safeParse({ ...request, ...values });
  return result.success ? null : formatIssues(result.error);
};

describe('SearchRequest', () => {
  it('accepts the SPEC §3 search request', () => {
    expect(SearchRequest.parse(request)).toEqual({ ...request, uName: undefined, sort: 'latest', status: 'any' });
  });

  it('strips the search text to letters and spaces, trimmed (SPEC §5), keeping letters of any script', () => {
    expect(SearchRequest.parse({ ...request, searchString: '  C#, .NET -- Café 42! ' }).searchString).toBe('C NET Café');
    expect(SearchRequest.parse({ ...request, searchString: 'привет мир' }).searchString).toBe('привет мир');
    expect(SearchRequest.parse({ ...request, searchString: '!!!' }).searchString).toBe('');
  });

  it('fills what the SPA may leave out: no text, no author, every category, both types, descending, no tags', () => {
    expect(SearchRequest.parse({ pager: request.pager })).toEqual({
      searchString: '',
      uName: undefined,
      categoryId: -1,
      entityType: 100,
      orderByAsc: false,
      Tags: [],
      sort: 'latest',
      status: 'any',
      pager: request.pager,
    });
    expect(SearchRequest.parse({ ...request, searchString: null, uName: null, categoryId: null, Tags: null }).categoryId).toBe(-1);
  });

  it('keeps an author filter, a category, an entity type and tag ids', () => {
    expect(SearchRequest.parse({ ...request, uName: ' ada-lovelace ', categoryId: 110, entityType: 2, Tags: [3, 7] })).toMatchObject({
      uName: 'ada-lovelace',
      categoryId: 110,
      entityType: 2,
      Tags: [3, 7],
    });
  });

  it('keeps each tag id once, in ascending order', () => {
    expect(SearchRequest.parse({ ...request, Tags: [7, 3, 7, 1] }).Tags).toEqual([1, 3, 7]);
  });

  it("takes the Order dropdown's 0 and 1 as well as booleans", () => {
    expect(SearchRequest.parse({ ...request, orderByAsc: 1 }).orderByAsc).toBe(true);
    expect(SearchRequest.parse({ ...request, orderByAsc: 0 }).orderByAsc).toBe(false);
    expect(SearchRequest.parse({ ...request, orderByAsc: true }).orderByAsc).toBe(true);
  });

  it('clamps a "very large" last-fetched id to the largest safe integer and keeps -1', () => {
    const parsed = SearchRequest.parse({ ...request, pager: { lastFetchedQuestionId: 1e20, lastFetchedArticleId: -1, pageSize: 20 } });
    expect(parsed.pager).toEqual({ lastFetchedQuestionId: Number.MAX_SAFE_INTEGER, lastFetchedArticleId: -1, pageSize: 20 });
  });

  it.each([
    ['a missing pager', { pager: undefined }, '- Pager is required'],
    ['a null pager', { pager: null }, '- Pager is required'],
    ['a page size over 100', { pager: { ...request.pager, pageSize: 101 } }, '- Page size must be a whole number from 1 to 100'],
    ['a page size of 0', { pager: { ...request.pager, pageSize: 0 } }, '- Page size must be a whole number from 1 to 100'],
    ['a missing page size', { pager: { ...request.pager, pageSize: undefined } }, '- Page size must be a whole number from 1 to 100'],
    ['a fractional page size', { pager: { ...request.pager, pageSize: 2.5 } }, '- Page size must be a whole number from 1 to 100'],
    [
      'a missing last-fetched id',
      { pager: { ...request.pager, lastFetchedArticleId: undefined } },
      '- Last fetched id must be a whole number, -1 or more',
    ],
    [
      'a last-fetched id below -1',
      { pager: { ...request.pager, lastFetchedQuestionId: -2 } },
      '- Last fetched id must be a whole number, -1 or more',
    ],
    ['an unknown entity type', { entityType: 3 }, '- Entity type must be 1 (Article), 2 (Question) or 100 (Article and Question)'],
    ['an entity type as text', { entityType: '1' }, '- Entity type must be 1 (Article), 2 (Question) or 100 (Article and Question)'],
    ['category 0', { categoryId: 0 }, '- Category must be -1 (all) or a category id'],
    ['category -5', { categoryId: -5 }, '- Category must be -1 (all) or a category id'],
    ['tag objects instead of ids', { Tags: [{ id: 3 }] }, '- Tags must be a list of tag ids'],
    ['a tag id of 0', { Tags: [0] }, '- Tags must be a list of tag ids'],
    ['an order of 2', { orderByAsc: 2 }, '- orderByAsc must be true or false'],
    ['a search string that is not text', { searchString: 42 }, '- searchString must be text'],
    ['a search string of 201 characters', { searchString: 'a'.repeat(201) }, '- searchString must be at most 200 characters'],
    ['a search string of 50k words', { searchString: 'ab '.repeat(50_000) }, '- searchString must be at most 200 characters'],
    [
      'a search string of 11 different words',
      { searchString: 'a b c d e f g h i j k' },
      '- searchString may hold at most 10 different words',
    ],
    ['21 tags', { Tags: Array.from({ length: 21 }, (_, index) => index + 1) }, '- Tags may hold at most 20 tag ids'],
    ['100k tags', { Tags: Array.from({ length: 100_000 }, (_, index) => index + 1) }, '- Tags may hold at most 20 tag ids'],
    ['100k tags that are not ids', { Tags: Array.from({ length: 100_000 }, () => 'x') }, '- Tags may hold at most 20 tag ids'],
  ])('rejects %s with a clear message', (_case, values, message) => expect(messageOf(values)).toBe(message));

  it('takes 200 characters and 10 different words, counting a word repeated in any case once, and 20 tags', () => {
    expect(SearchRequest.parse({ ...request, searchString: 'x'.repeat(200) }).searchString).toHaveLength(200);
    const words = 'a b c d e f g h i j A B a b';
    expect(SearchRequest.parse({ ...request, searchString: words }).searchString).toBe(words);
    expect(SearchRequest.parse({ ...request, Tags: Array.from({ length: 20 }, (_, index) => index + 1) }).Tags).toHaveLength(20);
  });

  it('lists every problem, once each', () => {
    expect(messageOf({ entityType: 7, pager: { ...request.pager, pageSize: 500 } })?.split('\n')).toEqual([
      '- Entity type must be 1 (Article), 2 (Question) or 100 (Article and Question)',
      '- Page size must be a whole number from 1 to 100',
    ]);
  });
});

describe('firstSearchPager', () => {
  it('starts descending beyond a very large id and ascending beyond -1, with the SPEC §9 page size', () => {
    expect(firstSearchPager(false)).toEqual({
      lastFetchedArticleId: Number.MAX_SAFE_INTEGER,
      lastFetchedQuestionId: Number.MAX_SAFE_INTEGER,
      pageSize: 20,
    });
    expect(firstSearchPager(true, MAX_SEARCH_PAGE_SIZE)).toEqual({ lastFetchedArticleId: -1, lastFetchedQuestionId: -1, pageSize: 100 });
    expect(SearchRequest.parse({ pager: firstSearchPager(true) }).pager.lastFetchedArticleId).toBe(-1);
  });

  describe('sort and status (issue 27)', () => {
    it('keeps a sort, a status and the compound cursor of the last row', () => {
      const after = { score: 4, id: 120 };
      expect(
        SearchRequest.parse({ ...request, sort: 'top', status: 'unanswered', pager: { ...request.pager, lastFetchedScore: after } }),
      ).toMatchObject({
        sort: 'top',
        status: 'unanswered',
        pager: { lastFetchedScore: after },
      });
      expect(SearchRequest.parse({ ...request, sort: null, status: null }).pager.lastFetchedScore).toBeUndefined();
    });

    it.each([
      [{ sort: 'best' }, "- sort must be 'latest', 'top' or 'trending'"],
      [{ sort: 1 }, "- sort must be 'latest', 'top' or 'trending'"],
      [{ status: 'open' }, "- status must be 'any', 'unanswered' or 'solved'"],
      [
        { pager: { ...request.pager, lastFetchedScore: 3 } },
        '- lastFetchedScore must be { score, id }: whole numbers, the score 0 or more, the id 1 or more',
      ],
      [
        { pager: { ...request.pager, lastFetchedScore: { score: -1, id: 3 } } },
        '- lastFetchedScore must be { score, id }: whole numbers, the score 0 or more, the id 1 or more',
      ],
      [
        { pager: { ...request.pager, lastFetchedScore: { score: 1.5, id: 3 } } },
        '- lastFetchedScore must be { score, id }: whole numbers, the score 0 or more, the id 1 or more',
      ],
      [
        { pager: { ...request.pager, lastFetchedScore: { score: 1 } } },
        '- lastFetchedScore must be { score, id }: whole numbers, the score 0 or more, the id 1 or more',
      ],
      [
        { pager: { ...request.pager, lastFetchedScore: { score: 1, id: 2, extra: 1 } } },
        '- lastFetchedScore must be { score, id }: whole numbers, the score 0 or more, the id 1 or more',
      ],
    ])('refuses %j', (values, message) => {
      expect(messageOf(values)).toBe(message);
    });
  });
});
