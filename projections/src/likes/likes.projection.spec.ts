import type { LikeEvent } from '@app/domain';
import { documentDoesNotExist, documentIs, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { LIKES_COLLECTION, likesProjection, type LikeDocument } from './likes.projection';

const at = '2026-02-01T10:00:00.000Z';
const data = { entityType: 1 as const, targetId: 42, accountId: 'ada', at };

describe('likes projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(likesProjection, readStore);

  it('keeps a standing like with its position, for the likers list (newest first) and isLikedByMe', () =>
    spec
      .given([])
      .when(on<LikeEvent>('like-1-42-ada', { type: 'Liked', data }))
      .then(
        documentIs<LikeDocument>(
          { id: 'like-1-42-ada', entityType: 1, targetId: 42, accountId: 'ada', at, position: expect.stringMatching(/^\d{20}$/) as string },
          { inCollection: LIKES_COLLECTION, withId: 'like-1-42-ada' },
        ),
      ));

  it('drops it on unlike', () =>
    spec
      .given([on<LikeEvent>('like-1-42-ada', { type: 'Liked', data })])
      .when(on<LikeEvent>('like-1-42-ada', { type: 'Unliked', data }))
      .then(documentDoesNotExist({ inCollection: LIKES_COLLECTION, withId: 'like-1-42-ada' })));
});
