import type { Provider } from '@nestjs/common';
import { createPostIdGenerator, type PostIdGenerator } from '@app/domain';

/** Injects a `PostIdGenerator`: one per process, so ids stay strictly increasing within it. */
export const POST_ID_GENERATOR = Symbol('PostIdGenerator');

export const postIdGeneratorProvider: Provider<PostIdGenerator> = {
  provide: POST_ID_GENERATOR,
  useFactory: () => createPostIdGenerator(),
};
