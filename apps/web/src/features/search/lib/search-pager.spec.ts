import { EntityType, type GridPostItem } from '@app/contracts';
import { firstPager, nextPager } from '@/features/search/lib/search-pager';

const post = (entityType: EntityType, id: number): GridPostItem => ({
  id,
  entityType,
  title: `Post ${id}`,
  name: 'Ada',
  uName: 'ada',
  tags: [],
  likes: 0,
  isApproved: true,
  createdOn: '2024-06-15T10:00:00Z',
  updatedOn: null,
  articleDescription: null,
});
const article = (id: number) => post(EntityType.Article, id);
const question = (id: number) => post(EntityType.Question, id);

describe('search pager (SPEC §4, §9)', () => {
  it('starts a descending search beyond a very large id and an ascending one beyond -1, 20 a page', () => {
    expect(firstPager(false)).toEqual({
      lastFetchedArticleId: Number.MAX_SAFE_INTEGER,
      lastFetchedQuestionId: Number.MAX_SAFE_INTEGER,
      pageSize: 20,
    });
    expect(firstPager(true)).toEqual({ lastFetchedArticleId: -1, lastFetchedQuestionId: -1, pageSize: 20 });
  });

  it('continues after the last article and the last question of a full page', () => {
    const pager = { lastFetchedArticleId: 100, lastFetchedQuestionId: 90, pageSize: 4 };
    expect(nextPager(pager, [article(99), question(80), article(97), question(75)])).toEqual({
      lastFetchedArticleId: 97,
      lastFetchedQuestionId: 75,
      pageSize: 4,
    });
  });

  it('keeps the cursor of a kind the page held none of', () => {
    const pager = { lastFetchedArticleId: -1, lastFetchedQuestionId: 12, pageSize: 2 };
    expect(nextPager(pager, [article(3), article(5)])).toEqual({ lastFetchedArticleId: 5, lastFetchedQuestionId: 12, pageSize: 2 });
  });

  it('ends after a page shorter than asked', () => {
    const pager = firstPager(false);
    expect(nextPager(pager, [article(3)])).toBeUndefined();
    expect(nextPager(pager, [])).toBeUndefined();
  });
});
