import type { FollowEvent } from '@app/domain';
import { documentDoesNotExist, documentIs, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { FOLLOWS_COLLECTION, followsProjection, type FollowDocument } from './follows.projection';

const at = '2026-02-01T10:00:00.000Z';
const followsGrace: FollowEvent = { type: 'Followed', data: { target: { kind: 'user', accountId: 'grace' }, followerId: 'ada', at } };
const followsTag: FollowEvent = { type: 'Followed', data: { target: { kind: 'tag', tagId: 12 }, followerId: 'ada', at } };

describe('follows projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(followsProjection, readStore);

  it('keeps a standing follow of a person with its position, for the lists and counts', () =>
    spec
      .given([])
      .when(on<FollowEvent>('follow-user-grace-ada', followsGrace))
      .then(
        documentIs<FollowDocument>(
          {
            id: 'follow-user-grace-ada',
            targetType: 'user',
            target: 'user:grace',
            targetId: 'grace',
            followerId: 'ada',
            at,
            seq: expect.any(Number) as number,
            position: expect.stringMatching(/^\d{20}$/) as string,
          },
          { inCollection: FOLLOWS_COLLECTION, withId: 'follow-user-grace-ada' },
        ),
      ));

  it('keeps a follow of a tag under the tag key', () =>
    spec
      .given([])
      .when(on<FollowEvent>('follow-tag-12-ada', followsTag))
      .then(
        documentIs<FollowDocument>(expect.objectContaining({ targetType: 'tag', target: 'tag:12', targetId: '12' }) as FollowDocument, {
          inCollection: FOLLOWS_COLLECTION,
          withId: 'follow-tag-12-ada',
        }),
      ));

  it('drops it on unfollow', () =>
    spec
      .given([on<FollowEvent>('follow-user-grace-ada', followsGrace)])
      .when(on<FollowEvent>('follow-user-grace-ada', { type: 'Unfollowed', data: followsGrace.data }))
      .then(documentDoesNotExist({ inCollection: FOLLOWS_COLLECTION, withId: 'follow-user-grace-ada' })));
});
