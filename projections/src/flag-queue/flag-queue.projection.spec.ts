import type { FlagEvent } from '@app/domain';
import { documentExists, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { FLAG_QUEUE_COLLECTION, flagQueueProjection } from './flag-queue.projection';

const at = '2026-01-02T00:00:00.000Z';
const flagged = (flaggerId: string, hides = false, counts = true) =>
  on<FlagEvent>(
    'comment-9',
    { type: 'ItemFlagged', data: { entityType: 4, id: 9, flaggerId, reason: 'spam', note: `${flaggerId} says spam`, counts, hides, at } },
    { actor: flaggerId },
  );
const resolved = (action: 'dismiss' | 'hide' | 'delete', flaggerIds: string[]) =>
  on<FlagEvent>(
    'comment-9',
    { type: 'FlagsResolved', data: { entityType: 4, id: 9, action, note: 'looked', flaggerIds, at } },
    { actor: 'root' },
  );
const flag = (flaggerId: string, counts = true) => ({ flaggerId, reason: 'spam', note: `${flaggerId} says spam`, counts, at });

describe('flag-queue projection (issue 27)', () => {
  const readStore = useTemporaryReadStore();
  const spec = projectionSpec(flagQueueProjection, readStore);

  it('given nothing, when an item is flagged, then it is queued open with the flag', () =>
    spec
      .given([])
      .when(flagged('bob'))
      .then(
        documentExists(
          { entityType: 4, itemId: 9, status: 'open', isHidden: false, flags: [flag('bob')], resolution: null },
          { inCollection: FLAG_QUEUE_COLLECTION, withId: '4-9' },
        ),
      ));

  it('given two flags, when the third hides the item, then the row holds three flags and is hidden', () =>
    spec
      .given([flagged('bob'), flagged('cy', false, false)])
      .when(flagged('dee', true))
      .then(
        documentExists(
          { status: 'open', isHidden: true, flags: [flag('bob'), flag('cy', false), flag('dee')] },
          { inCollection: FLAG_QUEUE_COLLECTION, withId: '4-9' },
        ),
      ));

  it('given a hidden item, when an admin resolves it, then the row is resolved with the action, note and admin', () =>
    spec
      .given([flagged('bob'), flagged('cy'), flagged('dee', true)])
      .when(resolved('delete', ['bob', 'cy', 'dee']))
      .then(
        documentExists(
          { status: 'resolved', isHidden: false, resolution: { action: 'delete', note: 'looked', by: 'root', at } },
          { inCollection: FLAG_QUEUE_COLLECTION, withId: '4-9' },
        ),
      ));

  it('given a resolved item, when it is flagged again, then the same row reopens with only the new round', () =>
    spec
      .given([flagged('bob'), resolved('dismiss', ['bob'])])
      .when(flagged('eve'))
      .then(
        documentExists(
          { status: 'open', isHidden: false, flags: [flag('eve')], resolution: null },
          { inCollection: FLAG_QUEUE_COLLECTION, withId: '4-9' },
        ),
      ));
});
