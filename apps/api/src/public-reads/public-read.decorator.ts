import { applyDecorators, SetMetadata, UseInterceptors, type Type } from '@nestjs/common';
import type { ChangeScope } from '@app/read-store';
import type { SessionUser } from '../auth/session-user';
import { CacheHeadersInterceptor } from './cache-headers.interceptor';

export const PUBLIC_READ = Symbol('PublicRead');

/** What a logged-in reader's per-reader part may look up: any provider of the site. */
export type ProviderLookup = <T>(type: Type<T>) => T;

/**
 * A controller method whose result is the same for every anonymous caller, declared where the
 * route is: the site answers it from a cache kept per change version of what it reads (see
 * public-reads.ts), and Nest answers only what the cache cannot.
 */
export interface PublicReadOptions<A extends unknown[]> {
  /**
   * The method's arguments for an anonymous caller, from the path parameters (or a POST's body),
   * or null when they are not plainly valid: Nest then answers, with its validation message. The
   * arguments (as JSON) are the cache key.
   */
  anonymous: (params: Record<string, string>, body: unknown) => A | null;
  /** What the result is read from: a change of any of these, and only of these, invalidates it. */
  readModels: (args: NoInfer<A>) => readonly ChangeScope[];
  /** The result also comes from the search index (its checkpoint moves with its documents). */
  searchIndex?: boolean;
  /** How many argument sets to keep (the least recently used go first). */
  maxEntries: number;
  /**
   * For a logged-in reader: what differs from the anonymous result (`shared`), from a small lookup
   * of their own (`isLikedByMe`), merged over it; or null when the shared result is no base for them
   * (their own post, an admin): Nest then answers through its whole chain. Without it, readers with
   * a session always go to Nest. Never put owner- or admin-only fields here: those readers get null.
   */
  forReader?: (context: { shared: unknown; reader: SessionUser; args: NoInfer<A>; get: ProviderLookup }) => Promise<object | null>;
}

export interface PublicReadMetadata {
  options: PublicReadOptions<unknown[]>;
}

/**
 * Declares the method a public read (and gives it ETag and Cache-Control, public or private).
 * The method must accept the arguments `anonymous` makes: the cache calls it with them.
 */
export function PublicRead<A extends unknown[]>(options: PublicReadOptions<A>) {
  // Stored without its argument type: the cache calls `anonymous`, then the others with what it made.
  const metadata: PublicReadMetadata = { options: options as unknown as PublicReadOptions<unknown[]> };
  const decorate: MethodDecorator = applyDecorators(SetMetadata(PUBLIC_READ, metadata), UseInterceptors(CacheHeadersInterceptor));
  return (target: object, key: string | symbol, descriptor: { value?: (...args: A) => unknown }): void => {
    decorate(target, key, descriptor as TypedPropertyDescriptor<unknown>);
  };
}
