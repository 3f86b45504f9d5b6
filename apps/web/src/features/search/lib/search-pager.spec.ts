import { EntityType } from '@app/contracts';
import { firstPager, nextPager } from '@/features/search/lib/search-pager';
import { gridPost } from '@/features/search/lib/grid-post.fixture';

const post = gridPost;
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

  it('continues after the last post of a full page, whatever its kind: one cursor for both (issue 25)', () => {
    const pager = { lastFetchedArticleId: 100, lastFetchedQuestionId: 100, pageSize: 4 };
    expect(nextPager(pager, [article(99), question(80), article(77), question(75)])).toEqual({
      lastFetchedArticleId: 75,
      lastFetchedQuestionId: 75,
      pageSize: 4,
    });
    // A page of questions only moves the article cursor too: a newer article cannot slip into the next page.
    expect(
      nextPager(
        firstPager(false),
        Array.from({ length: 20 }, (_, n) => question(500 - n)),
      ),
    ).toMatchObject({
      lastFetchedArticleId: 481,
      lastFetchedQuestionId: 481,
    });
  });

  it('ends after a page shorter than asked', () => {
    const pager = firstPager(false);
    expect(nextPager(pager, [article(3)])).toBeUndefined();
    expect(nextPager(pager, [])).toBeUndefined();
  });

  it("top and trending (issue 27): beyond the last row's score, then its id", () => {
    const page = Array.from({ length: 20 }, (_, n) => ({ ...question(500 - n), sortScore: 20 - n }));
    expect(nextPager(firstPager(false), page)).toMatchObject({ lastFetchedScore: { score: 1, id: 481 } });
  });
});
