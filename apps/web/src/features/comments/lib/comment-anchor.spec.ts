import { commentAnchorStep, commentIdOfHash } from '@/features/comments/lib/comment-anchor';

describe('commentIdOfHash', () => {
  it.each([
    ['#comment-42', 42],
    ['#comment-1', 1],
    ['', null],
    ['#comments', null],
    ['#comment-', null],
    ['#comment-4x', null],
    ['#comment-99999999999999999999', null],
  ])('%s is %s', (hash, id) => {
    expect(commentIdOfHash(hash)).toBe(id);
  });
});

describe('commentAnchorStep', () => {
  it('finds a loaded comment', () => {
    expect(commentAnchorStep(7, [3, 7, 9], true)).toBe('found');
  });

  it('loads the next page while the target lies after the loaded ones', () => {
    expect(commentAnchorStep(45, [1, 2, 20], true)).toBe('load');
    expect(commentAnchorStep(45, [], true)).toBe('load');
  });

  it('gives up when no page is left, or the pages have passed it (deleted or hidden)', () => {
    expect(commentAnchorStep(45, [1, 2, 20], false)).toBe('missing');
    expect(commentAnchorStep(45, [40, 50], true)).toBe('missing');
  });
});
