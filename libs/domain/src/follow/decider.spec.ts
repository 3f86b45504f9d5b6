import { deciderSpec } from '@app/testing';
import type { Actor } from '../posts/authorization';
import type { SetFollow } from './commands';
import { followDecider } from './decider';
import { followStreamName, type FollowEvent, type FollowTarget } from './events';

const ada: Actor = { accountId: 'ada', roleId: 1 };
const now = new Date('2026-02-01T10:00:00.000Z');
const grace: FollowTarget = { kind: 'user', accountId: 'grace' };
const typescript: FollowTarget = { kind: 'tag', tagId: 12 };

const setFollow = (isFollowing: boolean, overrides: Partial<SetFollow> = {}): SetFollow => ({
  type: 'SetFollow',
  target: grace,
  targetExists: true,
  actor: ada,
  isFollowing,
  now,
  ...overrides,
});
const data = { target: grace, followerId: 'ada', at: now.toISOString() };
const followed: FollowEvent = { type: 'Followed', data };
const unfollowed: FollowEvent = { type: 'Unfollowed', data };

describe('followDecider', () => {
  it('follows a person once: following twice is one follow', () => {
    deciderSpec(followDecider).given([]).when(setFollow(true)).then([followed]);
    deciderSpec(followDecider).given([followed]).when(setFollow(true)).thenNothingHappened();
  });

  it('unfollows a followed person; unfollowing whom one does not follow changes nothing', () => {
    deciderSpec(followDecider).given([followed]).when(setFollow(false)).then([unfollowed]);
    deciderSpec(followDecider).given([]).when(setFollow(false)).thenNothingHappened();
    deciderSpec(followDecider).given([followed, unfollowed]).when(setFollow(true)).then([followed]);
  });

  it('follows a tag', () => {
    deciderSpec(followDecider)
      .given([])
      .when(setFollow(true, { target: typescript }))
      .then([{ type: 'Followed', data: { ...data, target: typescript } }]);
  });

  it('refuses to follow oneself', () => {
    deciderSpec(followDecider)
      .given([])
      .when(setFollow(true, { target: { kind: 'user', accountId: 'ada' } }))
      .thenThrows('validation', 'You cannot follow yourself.');
  });

  it('refuses to follow a person or tag that is not there, but lets one unfollow them', () => {
    deciderSpec(followDecider)
      .given([])
      .when(setFollow(true, { targetExists: false }))
      .thenThrows('not_found', 'User not found.');
    deciderSpec(followDecider)
      .given([])
      .when(setFollow(true, { target: typescript, targetExists: false }))
      .thenThrows('not_found', 'Tag not found.');
    deciderSpec(followDecider)
      .given([followed])
      .when(setFollow(false, { targetExists: false }))
      .then([unfollowed]);
  });

  it('names one stream per target and follower', () => {
    expect(followStreamName(grace, 'ada')).toBe('follow-user-grace-ada');
    expect(followStreamName(typescript, 'ada')).toBe('follow-tag-12-ada');
  });
});
