import { EntityType, type GridPostItem } from '@app/contracts';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { getSearchResultsQueryOptions } from '@/features/search/api/get-search-results';
import { searchPosts } from '@/features/search/api/search-posts';
import { searchPostsByAdmin } from '@/features/search/api/search-posts-by-admin';
import { DEFAULT_SEARCH_FILTERS } from '@/features/search/lib/search-filters';
import { gridPost } from '@/features/search/lib/grid-post.fixture';

const post = gridPost;

interface SentRequest {
  url: string;
  authorization: string | null;
  body: unknown;
}

/** The requests the fetchers send, answered with `pages` in turn; a logged-in session in local storage. */
function fakeApi(pages: GridPostItem[][]): SentRequest[] {
  const sent: SentRequest[] = [];
  const session: Record<string, string> = { userName: 'root', name: 'Root', token: 'admin-token', isLoggedIn: 'true', roleId: '2' };
  Object.assign(globalThis, {
    window: { localStorage: { getItem: (key: string) => session[key] ?? null } },
    fetch: (url: string, init: RequestInit) => {
      sent.push({ url, authorization: new Headers(init.headers).get('Authorization'), body: JSON.parse(init.body as string) });
      const result = pages.shift() ?? [];
      return Promise.resolve(new Response(JSON.stringify({ success: true, result, errorMessage: null, timeStamp: '' })));
    },
  });
  return sent;
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'window');
});

describe('search results, page by page (SPEC §3, §4, §7)', () => {
  it("sends the search request of the filters to the public call (with the logged-in reader's token: isSavedByMe, issue 26), then pages on from the last ids it received", async () => {
    const firstPage = Array.from({ length: 20 }, (_, index) => post(index % 2 ? EntityType.Question : EntityType.Article, 100 - index));
    const sent = fakeApi([firstPage, [post(EntityType.Article, 3)]]);
    const client = new QueryClient();
    const filters = { ...DEFAULT_SEARCH_FILTERS, searchString: 'event sourcing', categoryId: 3, entityType: EntityType.ArticleQuestion };

    const options = getSearchResultsQueryOptions(searchPosts, { filters, userName: 'ada' });
    await client.fetchInfiniteQuery(options);
    // 'More results'
    const { data } = await new InfiniteQueryObserver(client, options).fetchNextPage();

    expect(sent.map((request) => [request.url, request.authorization])).toEqual([
      ['/api/Search', 'Bearer admin-token'],
      ['/api/Search', 'Bearer admin-token'],
    ]);
    expect(sent[0].body).toEqual({
      searchString: 'event sourcing',
      uName: 'ada',
      categoryId: 3,
      entityType: 100,
      orderByAsc: false,
      Tags: [],
      sort: 'latest',
      status: 'any',
      pager: { lastFetchedArticleId: Number.MAX_SAFE_INTEGER, lastFetchedQuestionId: Number.MAX_SAFE_INTEGER, pageSize: 20 },
    });
    // The last page had 20 posts: question 81 was the last one, the cursor of both kinds (issue 25).
    expect((sent[1].body as { pager: unknown }).pager).toEqual({ lastFetchedArticleId: 81, lastFetchedQuestionId: 81, pageSize: 20 });
    expect(data?.pages.map((page) => page.posts.length)).toEqual([20, 1]);
    expect(data?.pages[1].next).toBeUndefined();
  });

  it('sends the bearer token to the admin call and starts an ascending search at -1', async () => {
    const sent = fakeApi([[]]);
    const client = new QueryClient();
    await client.fetchInfiniteQuery(
      getSearchResultsQueryOptions(searchPostsByAdmin, { filters: { ...DEFAULT_SEARCH_FILTERS, orderBy: 1 } }),
    );
    expect(sent).toEqual([
      {
        url: '/api/Search/ByAdmin',
        authorization: 'Bearer admin-token',
        body: expect.objectContaining({
          uName: '',
          orderByAsc: true,
          pager: { lastFetchedArticleId: -1, lastFetchedQuestionId: -1, pageSize: 20 },
        }),
      },
    ]);
  });
});
