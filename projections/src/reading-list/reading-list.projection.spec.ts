import type { ReadingListEvent } from '@app/domain';
import { documentDoesNotExist, documentIs, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { READING_LIST_COLLECTION, readingListProjection, type ReadingListDocument } from './reading-list.projection';

const at = '2026-02-01T10:00:00.000Z';
const data = { entityType: 1 as const, postId: 7, accountId: 'ada', at };

describe('reading-list projection', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(readingListProjection, readStore);

  it('keeps a saved post with its position, for the list newest saved first and isSavedByMe', () =>
    spec
      .given([])
      .when(on<ReadingListEvent>('reading-1-7-ada', { type: 'PostSaved', data }))
      .then(
        documentIs<ReadingListDocument>(
          {
            id: 'reading-1-7-ada',
            ...data,
            seq: expect.any(Number) as number,
            position: expect.stringMatching(/^\d{20}$/) as string,
          },
          { inCollection: READING_LIST_COLLECTION, withId: 'reading-1-7-ada' },
        ),
      ));

  it('drops it when unsaved', () =>
    spec
      .given([on<ReadingListEvent>('reading-1-7-ada', { type: 'PostSaved', data })])
      .when(on<ReadingListEvent>('reading-1-7-ada', { type: 'PostUnsaved', data }))
      .then(documentDoesNotExist({ inCollection: READING_LIST_COLLECTION, withId: 'reading-1-7-ada' })));
});
