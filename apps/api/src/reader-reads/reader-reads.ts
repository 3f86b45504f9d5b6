import type { INestApplication } from '@nestjs/common';
import { CachedRoute } from '../public-reads/cached-route';
import { declaredRoutes, type DeclaredRoute } from '../public-reads/declared-routes';
import { frontReaderOf, type FrontAnswer, type FrontRead, type FrontReadSite, type FrontRequest } from '../public-reads/front-read';
import { cacheKeyOf } from '../public-reads/public-reads';
import { READER_READ, type ReaderReadOptions } from './reader-read.decorator';

/** As the controllers of these reads say: only the reader's browser, and never kept. */
const READER_CACHE_CONTROL = 'private, no-store';

export type DeclaredReaderRead = DeclaredRoute<ReaderReadOptions<unknown[]>>;

/**
 * One reader's own read bound to the site. Without an Authorization header, with a query Nest
 * would refuse or read differently (a repeated key), for a session Nest must answer (not valid, due
 * for renewal) or when the read fails, it answers null: Nest answers, through its whole chain.
 */
export class ReaderReadRoute extends CachedRoute<ReaderReadOptions<unknown[]>> implements FrontRead {
  answerFor({ params, search, authorization }: FrontRequest): Promise<FrontAnswer | null> | null {
    const query = authorization === undefined ? null : singleValuedQuery(search);
    if (authorization === undefined || !query) return null;
    const { options } = this.read;
    return frontReaderOf(this.site, authorization)
      .then(async (reader) => {
        const args = reader && options.args({ params, query, reader });
        if (!args) return null;
        const version = await this.site.versions.of(options.readModels);
        const read = await this.cache.get(cacheKeyOf(args), version, () => this.read.call(args));
        return { read, cacheControl: READER_CACHE_CONTROL };
      })
      .catch(() => null);
  }
}

/** The query's fields, or null when one is repeated (Express would make it a list: Nest answers). */
function singleValuedQuery(search: string): Record<string, string> | null {
  const query = Object.create(null) as Record<string, string>;
  for (const [key, value] of new URLSearchParams(search)) {
    if (key in query) return null;
    query[key] = value;
  }
  return query;
}

/** Every reader's own read of the site, bound to it: the controller methods declared @ReaderRead. */
export function readerReadRoutes(app: INestApplication, prefix: string, site: FrontReadSite): ReaderReadRoute[] {
  return declaredRoutes<ReaderReadOptions<unknown[]>>(app, prefix, READER_READ).map((read) => {
    if (read.method !== 'get') throw new Error(`@ReaderRead on ${read.path}: only GETs`);
    return new ReaderReadRoute(read, site);
  });
}
