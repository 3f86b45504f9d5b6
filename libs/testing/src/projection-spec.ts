import type { RecordedEvent } from '@app/event-store';
import type { Projection } from '@app/projections';
import type { ReadDocument, ReadStore } from '@app/read-store';
import { applyEvents, recordedEvent, type RecordedEventOptions } from './projection-test-kit';

/**
 * Given/when/then for projections, in Emmett's style (`getShortInfo/index.int.spec.ts`):
 *
 *   await projectionSpec(homeProjection, readStore)
 *     .given([on<ArticleEvent>('article-7', { type: 'ArticleDrafted', data })])
 *     .when(on<ArticleEvent>('article-7', { type: 'ArticlePublished', data: { at } }))
 *     .then(documentExists<HomePostDocument>({ visible: true }, { inCollection: HOME_COLLECTION, withId: 'article-7' }));
 *
 * The given events are applied in one transaction and the `when` events in the next, as two batches
 * of the runner would; events the projection does not handle are skipped, as the runner skips them.
 */

/** A typed domain event recorded on a stream: `Event` is the stream's event union, so type and data are checked. */
export function on<Event extends { type: string; data: unknown }>(
  streamName: string,
  event: Event,
  options?: RecordedEventOptions,
): RecordedEvent<Event['type'], Event['data']> {
  return recordedEvent(streamName, event.type, event.data as Record<string, unknown>, options);
}

/** What the read store holds after the events. */
export type ProjectionAssertion = (readStore: ReadStore) => Promise<void>;

/** The document exists and contains these fields (`toMatchObject`). */
export const documentExists =
  <Document extends ReadDocument>(
    expected: Partial<Document>,
    { inCollection, withId }: { inCollection: string; withId: string },
  ): ProjectionAssertion =>
  async (readStore) => {
    expect(await readStore.get<Document>(inCollection, withId)).toMatchObject(expected);
  };

/** The document is exactly this one (`toEqual`). */
export const documentIs =
  <Document extends ReadDocument>(
    expected: Document,
    { inCollection, withId }: { inCollection: string; withId: string },
  ): ProjectionAssertion =>
  async (readStore) => {
    expect(await readStore.get<Document>(inCollection, withId)).toEqual(expected);
  };

/** No document with this id. */
export const documentDoesNotExist =
  ({ inCollection, withId }: { inCollection: string; withId: string }): ProjectionAssertion =>
  async (readStore) => {
    expect(await readStore.get(inCollection, withId)).toBeNull();
  };

/** The collection holds exactly these documents (in id order). */
export const documentsAre =
  <Document extends ReadDocument>(expected: readonly Document[], { inCollection }: { inCollection: string }): ProjectionAssertion =>
  async (readStore) => {
    expect(await readStore.find<Document>(inCollection, {}, { sort: [['id', 1]] })).toEqual(expected);
  };

export function projectionSpec(projection: Projection, readStore: () => ReadStore) {
  return {
    given: (given: readonly RecordedEvent[]) => ({
      when: (...events: RecordedEvent[]) => ({
        then: async (...assertions: ProjectionAssertion[]): Promise<void> => {
          if (given.length > 0) await applyEvents(readStore(), projection, ...given);
          await applyEvents(readStore(), projection, ...events);
          for (const assertion of assertions) await assertion(readStore());
        },
      }),
    }),
  };
}
