import { deciderSpec } from '@app/testing';
import type { Actor } from '../posts/authorization';
import type { SetLike } from './commands';
import { likeDecider } from './decider';
import type { LikeEvent } from './events';
import { likeStreamName } from './events';

const spec = deciderSpec(likeDecider);
const reader: Actor = { accountId: 'ada', roleId: 1 };
const now = new Date('2026-02-01T10:00:00.000Z');
const at = now.toISOString();

const setLike = (isLiked: boolean, overrides: Partial<SetLike> = {}): SetLike => ({
  type: 'SetLike',
  target: 'articleComment',
  targetId: 77,
  targetVisible: true,
  actor: reader,
  isLiked,
  now,
  ...overrides,
});
const data = { entityType: 3 as const, targetId: 77, accountId: 'ada', at };
const liked: LikeEvent = { type: 'Liked', data };
const unliked: LikeEvent = { type: 'Unliked', data };

describe('likeDecider', () => {
  it('likes an item once: a second like changes nothing', () => {
    spec.given([]).when(setLike(true)).then([liked]);
    spec.given([liked]).when(setLike(true)).thenNothingHappened();
  });

  it('unlikes a liked item; unliking what is not liked changes nothing', () => {
    spec.given([liked]).when(setLike(false)).then([unliked]);
    spec.given([]).when(setLike(false)).thenNothingHappened();
    spec.given([liked, unliked]).when(setLike(false)).thenNothingHappened();
    spec.given([liked, unliked]).when(setLike(true)).then([liked]);
  });

  it('records the entity type of each target', () => {
    spec
      .given([])
      .when(setLike(true, { target: 'question', targetId: 5 }))
      .then([{ type: 'Liked', data: { ...data, entityType: 2, targetId: 5 } }]);
  });

  it('refuses to like an item the reader cannot see, but lets them take a like back', () => {
    spec
      .given([])
      .when(setLike(true, { targetVisible: false }))
      .thenThrows('not_found', 'Comment not found.');
    spec
      .given([])
      .when(setLike(true, { target: 'article', targetVisible: false }))
      .thenThrows('not_found', 'Article not found.');
    spec
      .given([liked])
      .when(setLike(false, { targetVisible: false }))
      .then([unliked]);
  });

  it('names one stream per item and user', () => {
    expect(likeStreamName(3, 77, 'ada')).toBe('like-3-77-ada');
  });
});
