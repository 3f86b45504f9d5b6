import { comment } from '@/features/comments/lib/comment.fixture';
import { allComments, appendComment, removeComment, replaceComment, toCommentPage } from '@/features/comments/lib/comment-pages';

describe('comment pages', () => {
  it('a full page continues after its last id; a short page is the last', () => {
    expect(toCommentPage([comment(1), comment(2)], 2).next).toBe(2);
    expect(toCommentPage([comment(1)], 2).next).toBeNull();
    expect(toCommentPage([], 20).next).toBeNull();
  });

  it('a comment added in place joins the last page without moving the next page on', () => {
    const data = { pages: [toCommentPage([comment(1), comment(2)], 2)], pageParams: [-1] };
    const added = appendComment(data, comment(50));
    expect(allComments(added).map((c) => c.id)).toEqual([1, 2, 50]);
    expect(added?.pages[0].next).toBe(2);
  });

  it('replaces and removes a comment wherever it is', () => {
    const data = { pages: [toCommentPage([comment(1), comment(2)], 2), toCommentPage([comment(3)], 2)], pageParams: [-1, 2] };
    const edited = replaceComment(data, 3, (old) => ({ ...old, content: '<p>new</p>' }));
    expect(allComments(edited).find((c) => c.id === 3)?.content).toBe('<p>new</p>');
    expect(allComments(removeComment(data, 2)).map((c) => c.id)).toEqual([1, 3]);
  });
});
