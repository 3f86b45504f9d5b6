import type { INestApplication } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Express, NextFunction, Request, Response } from 'express';
import { match, type MatchFunction } from 'path-to-regexp';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import type { SiteEngines } from '../infrastructure/site-engines';
import { READ_STORE, SEARCH_INDEX, SITE_ENGINES } from '../infrastructure/tokens';
import { PublicReadCache, type CachedRead } from './public-read-cache';
import { PUBLIC_READS, type PublicRead } from './public-read-routes';
import { ReadModelVersions } from './read-model-versions';

/** One public read bound to the site: its cache, the version of its read models, and the query bus. */
export class PublicReadRoute {
  private readonly cache: PublicReadCache;
  private readonly matches: MatchFunction<Record<string, string>>;

  constructor(
    readonly read: PublicRead,
    private readonly versionOf: () => Promise<string>,
    private readonly queryBus: QueryBus,
  ) {
    this.cache = new PublicReadCache(read.maxEntries);
    // As Express matches a route: any case, an optional trailing slash, decoded parameters.
    this.matches = match(read.path, { sensitive: false, trailing: true });
  }

  /** The route's parameters in `pathname`, or null when it names another route (or cannot be decoded). */
  paramsIn(pathname: string): Record<string, string> | null {
    try {
      const found = this.matches(pathname);
      return found ? found.params : null;
    } catch {
      return null;
    }
  }

  /**
   * The serialized result for these parameters (and body), or null when they are not plainly valid:
   * Nest then answers, with its validation message. Rejects when the query fails (a post not found).
   */
  answer(params: Record<string, string>, body: unknown): Promise<CachedRead> | null {
    const target = this.read.query(params, body);
    if (!target) return null;
    return this.versionOf().then((version) => this.cache.get(target.key, version, () => this.queryBus.execute(target.query)));
  }
}

/** Every public read of the site, bound to it. */
export function publicReadRoutes(app: INestApplication, reads: readonly PublicRead[] = PUBLIC_READS): PublicReadRoute[] {
  const engines = app.get<SiteEngines>(SITE_ENGINES);
  const versions = new ReadModelVersions(app.get<ReadStore>(READ_STORE), engines.projections, app.get<SearchIndex>(SEARCH_INDEX));
  const queryBus = app.get(QueryBus);
  return reads.map((read) => new PublicReadRoute(read, versions.of(read.readModels, { searchIndex: read.searchIndex }), queryBus));
}

const ENVELOPE_HEAD = Buffer.from('{"success":true,"result":');

/** The envelope around a serialized result, stamped now: the result's bytes are copied, never encoded again. */
export function envelopeAround(resultJson: Buffer): Buffer {
  const tail = Buffer.from(`,"errorMessage":null,"timeStamp":"${new Date().toISOString()}"}`);
  return Buffer.concat([ENVELOPE_HEAD, resultJson, tail]);
}

/** Anonymous callers: no session shapes the body. (An Idempotency-Key changes nothing: reads take none, see CALLS_WITHOUT_IDEMPOTENCY_KEY.) */
export function isAnonymous(headers: { authorization?: string }): boolean {
  return headers.authorization === undefined;
}

/**
 * The public reads with a body (search), in Express after the body parser: answered from the cache
 * for anonymous callers, with the Express routing the request log and the metrics label them by.
 * The GETs are answered before Express (public-reads-front.ts). Anything else (a session,
 * parameters Nest would refuse, a failure) goes on to Nest, which answers as always.
 */
export function usePublicReadsWithBody(express: Express, routes: readonly PublicReadRoute[]): void {
  for (const route of routes.filter((candidate) => candidate.read.method === 'post')) {
    express.post(route.read.path, async (request: Request, response: Response, next: NextFunction) => {
      const answer = isAnonymous(request.headers) ? route.answer(request.params as Record<string, string>, request.body) : null;
      if (!answer) return next();
      try {
        const body = envelopeAround((await answer).json);
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.setHeader('Content-Length', body.length);
        response.end(body);
      } catch {
        next();
      }
    });
  }
}
