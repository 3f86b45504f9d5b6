import type { Provider } from '@nestjs/common';
import { createPostIdGenerator, type PostIdGenerator } from '@app/domain';
import { nextReservedId } from '../http/repeatable-request';

/** Injects a `PostIdGenerator`: one per process, so ids stay strictly increasing within it. */
export const POST_ID_GENERATOR = Symbol('PostIdGenerator');

/** The process's one generator: the handlers' ids and the ids an Idempotency-Key claim reserves come from it. */
const processPostIds = createPostIdGenerator();

/** Reserves `count` consecutive ids (for a keyed command: its attempts all take the same ones). */
export const reservePostIds = (count: number): number => processPostIds(count);

/** A handler's next id: inside a request with an Idempotency-Key, the next one reserved for it; else a fresh one. */
export const postIdGeneratorProvider: Provider<PostIdGenerator> = {
  provide: POST_ID_GENERATOR,
  useValue: (() => nextReservedId() ?? processPostIds()) satisfies PostIdGenerator,
};
