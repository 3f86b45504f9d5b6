import {
  articleCommentCreateRequestSchema,
  COMMENT_MESSAGES,
  commentPageParamsSchema,
  likeRequestSchema,
  questionCommentCreateRequestSchema,
} from './comments';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('comment contracts', () => {
  it('reads a create payload: parentId defaults to -1, attached files by id', () => {
    expect(
      articleCommentCreateRequestSchema.parse({ uName: 'x', content: '<p>Hi</p>', articleID: 5, attachedFiles: [3, { id: 4 }] }),
    ).toEqual({ uName: 'x', content: '<p>Hi</p>', articleID: 5, attachedFiles: [3, 4], parentId: -1 });
    expect(questionCommentCreateRequestSchema.parse({ content: '<p>Hi</p>', questionID: 5, parentId: 9 })).toMatchObject({
      questionID: 5,
      parentId: 9,
      attachedFiles: [],
    });
  });

  it('refuses empty content with the SPEC message, and bad ids', () => {
    expect(messageOf(articleCommentCreateRequestSchema.safeParse({ content: '<p> </p>', articleID: 5 }))).toBe('- Content is required');
    expect(messageOf(articleCommentCreateRequestSchema.safeParse({ articleID: 5 }))).toBe('- Content is required');
    expect(messageOf(articleCommentCreateRequestSchema.safeParse({ content: '<p>x</p>' }))).toBe(COMMENT_MESSAGES.articleIdInvalid);
    expect(messageOf(articleCommentCreateRequestSchema.safeParse({ content: '<p>x</p>', articleID: 5, parentId: 0 }))).toBe(
      COMMENT_MESSAGES.parentIdInvalid,
    );
  });

  it('reads the like request', () => {
    expect(likeRequestSchema.parse({ id: 3, isLiked: true })).toEqual({ id: 3, isLiked: true });
    expect(messageOf(likeRequestSchema.safeParse({ id: 3 }))).toBe(COMMENT_MESSAGES.isLikedRequired);
  });

  it('reads the paging parameters, capping the page at 100', () => {
    expect(commentPageParamsSchema.parse({ postId: '7', lastFetchedId: '-1', pageSize: '500', oldestFirst: 'true' })).toEqual({
      postId: 7,
      lastFetchedId: -1,
      pageSize: 100,
      oldestFirst: true,
    });
    expect(commentPageParamsSchema.safeParse({ postId: '7', lastFetchedId: '-2', pageSize: '20', oldestFirst: 'true' }).success).toBe(
      false,
    );
    expect(commentPageParamsSchema.safeParse({ postId: '7', lastFetchedId: '1', pageSize: '0', oldestFirst: 'true' }).success).toBe(false);
    expect(commentPageParamsSchema.safeParse({ postId: '7', lastFetchedId: '1', pageSize: '20', oldestFirst: 'yes' }).success).toBe(false);
  });

  it('states the rate limit in its message', () => {
    expect(COMMENT_MESSAGES.rateLimited).toContain('9 comments in 30 seconds');
  });
});
