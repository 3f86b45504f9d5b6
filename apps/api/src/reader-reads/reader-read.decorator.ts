import { SetMetadata } from '@nestjs/common';
import { keysetPageQuerySchema, type KeysetPageQuery } from '@app/contracts';
import type { ChangeScope } from '@app/read-store';
import type { SessionUser } from '../auth/session-user';

export const READER_READ = Symbol('ReaderRead');

/**
 * A GET whose result is a logged-in reader's own (their inbox, their Following feed), declared where
 * the route is: the site answers it in front of Express from a cache kept per reader and per change
 * version of what it reads (reader-reads.ts), and Nest answers only what that cannot.
 */
export interface ReaderReadOptions<A extends unknown[]> {
  /**
   * The method's arguments for this reader, from the path parameters and the query, or null when
   * they are not plainly valid: Nest then answers, with its validation message. The arguments (as
   * JSON, the reader included) are the cache key.
   */
  args: (request: { params: Record<string, string>; query: Record<string, string>; reader: SessionUser }) => A | null;
  /** What the result is read from: a change of any of these, and only of these, invalidates it. */
  readModels: readonly ChangeScope[];
  /** How many readers' results to keep (the least recently used go first). */
  maxEntries: number;
}

/** Declares the method a reader's own read. It must accept the arguments `args` makes: the cache calls it with them. */
export function ReaderRead<A extends unknown[]>(options: ReaderReadOptions<A>): MethodDecorator {
  return SetMetadata(READER_READ, { options });
}

/**
 * How many readers' pages a paged list keeps: a page of 20 posts or notifications is some 10-40 KB
 * with its parsed result, so a route's cache stays within about 20 MB.
 */
export const PAGES_KEPT = 500;

/** `args` of the keyset-paged lists (`?lastFetchedId=&pageSize=`): the page and the reader. */
export function keysetPageAndReader({
  query,
  reader,
}: {
  query: Record<string, string>;
  reader: SessionUser;
}): [KeysetPageQuery, SessionUser] | null {
  const page = keysetPageQuerySchema.safeParse(query);
  return page.success ? [page.data, reader] : null;
}
