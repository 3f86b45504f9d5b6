import type { Response } from 'supertest';
import { EVENT_STORE } from '@app/api';
import type { EventMetadata, EventStore } from '@app/event-store';
import { ProjectionRunner } from '@app/projections';
import type { TestApp } from './test-app';

/**
 * Given/when/then at the API, in Emmett's style (`api.int.spec.ts`):
 *
 *   await apiSpec(site)
 *     .given(existingStream(articleStreamName(id), [drafted, published]))
 *     .when((http) => http.put('/api/Article/Approve').set(bearer(admin)).send({ id, isApproved: false }))
 *     .then([expectResponse(200, { result: true }), expectNewEvents(articleStreamName(id), [unapproved])]);
 *
 * The given events are appended to the site's event store (and applied by its projections) before
 * the request; the new events are those appended after them, read back from the event store.
 */

/** An event as a test states it: its type and data (metadata defaults to the operator, at the event's `at`). */
export interface GivenEvent {
  type: string;
  data: unknown;
  metadata?: EventMetadata;
}

export interface ExistingStream {
  streamName: string;
  events: readonly GivenEvent[];
}

/** A stream that already holds these events when the request arrives. */
export const existingStream = (streamName: string, events: readonly GivenEvent[]): ExistingStream => ({ streamName, events });

type ResponseExpectation = { kind: 'response'; status: number; body?: object };
type NewEventsExpectation = {
  kind: 'newEvents';
  streamName: string | ((response: Response) => string);
  events: readonly { type: string; data: unknown }[];
};
export type ApiExpectation = ResponseExpectation | NewEventsExpectation;

/** The response has this status and, when given, a body that contains this one (`toMatchObject`). */
export const expectResponse = (status: number, body?: object): ApiExpectation => ({ kind: 'response', status, body });

/**
 * These events, exactly and in order, were appended to the stream by the request (type and data;
 * use `expect.any(...)` for what the test does not fix). The stream name may depend on the
 * response, e.g. the id of a created post.
 */
export const expectNewEvents = (
  streamName: string | ((response: Response) => string),
  events: readonly { type: string; data: unknown }[],
): ApiExpectation => ({ kind: 'newEvents', streamName, events });

/** No event at all was appended by the request. */
export const expectNoNewEvents = (): ApiExpectation => ({ kind: 'newEvents', streamName: '*', events: [] });

export function apiSpec(site: TestApp) {
  const eventStore = () => site.app.get<EventStore>(EVENT_STORE);
  return {
    given: (...streams: ExistingStream[]) => ({
      when: (request: (http: ReturnType<TestApp['http']>) => PromiseLike<Response>) => ({
        /** Runs the scenario and returns the response, for assertions beyond the spec's. */
        then: async (expectations: readonly ApiExpectation[]): Promise<Response> => {
          for (const { streamName, events } of streams) {
            await eventStore().appendToStream(
              streamName,
              events.map(({ type, data, metadata }) => ({
                type,
                data,
                metadata: metadata ?? { actor: 'operator', occurredAt: occurredAtOf(data) },
              })),
            );
          }
          const givenUpTo = await eventStore().headPosition();
          if (givenUpTo !== null) await site.app.get(ProjectionRunner).waitFor(givenUpTo, undefined, 10_000);

          const response = await request(site.http());

          const appended = await eventStore().readAll({ after: givenUpTo });
          for (const expectation of expectations) {
            if (expectation.kind === 'response') {
              expect({ status: response.status, body: response.body as unknown }).toMatchObject({
                status: expectation.status,
                ...(expectation.body === undefined ? {} : { body: expectation.body }),
              });
            } else {
              const streamName = typeof expectation.streamName === 'function' ? expectation.streamName(response) : expectation.streamName;
              const newEvents = appended
                .filter((event) => streamName === '*' || event.streamName === streamName)
                .map(({ type, data }) => ({ type, data }));
              expect(newEvents).toEqual(expectation.events);
            }
          }
          return response;
        },
      }),
    }),
  };
}

const occurredAtOf = (data: unknown): string =>
  typeof data === 'object' && data !== null && 'at' in data && typeof data.at === 'string' ? data.at : '2026-01-01T00:00:00.000Z';
