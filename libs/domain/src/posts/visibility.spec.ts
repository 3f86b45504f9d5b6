import type { Actor } from './authorization';
import { isVisibleTo, type VisiblePost } from './visibility';

const owner: Actor = { accountId: 'ada', roleId: 1 };
const otherUser: Actor = { accountId: 'bob', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };

const live: VisiblePost = { authorId: 'ada', isPublished: true, isApproved: true, deleted: false };
const draft = { ...live, isPublished: false };
const unapproved = { ...live, isApproved: false };
const deleted = { ...live, deleted: true };

describe('isVisibleTo', () => {
  // viewers: anonymous, other user, owner, admin
  it.each([
    ['a published, approved post', live, [true, true, true, true]],
    ['a draft', draft, [false, false, true, true]],
    ['an unapproved post', unapproved, [false, false, true, true]],
    ['an unapproved draft', { ...draft, isApproved: false }, [false, false, true, true]],
    ['a deleted post', deleted, [false, false, false, false]],
    ['a deleted draft', { ...draft, deleted: true }, [false, false, false, false]],
  ])('%s', (_case, post, expected) => {
    expect([null, otherUser, owner, admin].map((viewer) => isVisibleTo(post, viewer))).toEqual(expected);
  });

  it('matches the owner by exact account id', () => {
    expect(isVisibleTo(draft, { accountId: 'Ada', roleId: 1 })).toBe(false);
  });
});
