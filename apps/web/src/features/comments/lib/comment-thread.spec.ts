import { comment } from '@/features/comments/lib/comment.fixture';
import { threadComments, type CommentNode } from '@/features/comments/lib/comment-thread';

/** The thread as nested ids: [id, [replies]]. */
type Shape = [number, Shape[]];
const shape = (nodes: CommentNode[]): Shape[] => nodes.map((node) => [node.comment.id, shape(node.replies)]);

describe('threadComments', () => {
  it('puts replies under their parent, oldest first at every level', () => {
    expect(shape(threadComments([comment(1), comment(2), comment(3, 1), comment(4, 3), comment(5, 1), comment(6, 2)]))).toEqual([
      [
        1,
        [
          [3, [[4, []]]],
          [5, []],
        ],
      ],
      [2, [[6, []]]],
    ]);
  });

  it('orders by id whatever order the comments came in', () => {
    expect(shape(threadComments([comment(9), comment(7, 9), comment(3)]))).toEqual([
      [3, []],
      [9, [[7, []]]],
    ]);
  });

  it('keeps a reply whose parent is not shown at the top level', () => {
    expect(shape(threadComments([comment(1), comment(5, 2), comment(6, 5)]))).toEqual([
      [1, []],
      [5, [[6, []]]],
    ]);
  });

  it('shows a comment loaded twice once', () => {
    expect(shape(threadComments([comment(1), comment(2, 1), comment(2, 1)]))).toEqual([[1, [[2, []]]]]);
  });

  it('is empty without comments', () => {
    expect(threadComments([])).toEqual([]);
  });
});

describe('threadComments: accepted answer (issue 27)', () => {
  it('puts the thread holding the accepted answer first, the rest oldest first', () => {
    const accepted = { ...comment(3), isAccepted: true };
    expect(threadComments([comment(1), comment(2), accepted]).map((node) => node.comment.id)).toEqual([3, 1, 2]);
  });

  it('an accepted reply brings its thread first', () => {
    const reply = { ...comment(4, 2), isAccepted: true };
    expect(threadComments([comment(1), comment(2), reply]).map((node) => node.comment.id)).toEqual([2, 1]);
  });
});
