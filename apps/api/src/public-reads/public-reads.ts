import { createHash } from 'node:crypto';
import type { INestApplication, Type } from '@nestjs/common';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { Express, NextFunction, Request, Response } from 'express';
import { match, type MatchFunction } from 'path-to-regexp';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import { Sessions } from '../auth/sessions';
import { READ_STORE, SEARCH_INDEX } from '../infrastructure/tokens';
import { SiteMetrics } from '../metrics/site-metrics';
import { PublicReadCache, withReaderPart, type CachedRead } from './public-read-cache';
import { PUBLIC_READ, type ProviderLookup, type PublicReadMetadata, type PublicReadOptions } from './public-read.decorator';
import { ReadModelVersions } from './read-model-versions';

/** A controller method declared @PublicRead, as Nest routes it. */
export interface DeclaredRead {
  method: 'get' | 'post';
  /** The route pattern, global prefix included (`/api/Article/:id`). */
  path: string;
  options: PublicReadOptions<unknown[]>;
  /** Calls the controller method itself. */
  call(args: unknown[]): Promise<unknown>;
}

/** What a public read needs of the site. */
export interface PublicReadSite {
  versions: ReadModelVersions;
  /** The caller of a request with an Authorization header (null: not a valid session). */
  sessions: Pick<Sessions, 'of'>;
  get: ProviderLookup;
  metrics?: Pick<SiteMetrics, 'recordPublicRead'>;
}

/** One public read bound to the site: its cache, the version of what it reads, and its controller method. */
export class PublicReadRoute {
  private readonly cache: PublicReadCache;
  private readonly matches: MatchFunction<Record<string, string>>;

  constructor(
    readonly read: DeclaredRead,
    private readonly site: PublicReadSite,
  ) {
    this.cache = new PublicReadCache(read.options.maxEntries, (hit) => site.metrics?.recordPublicRead(read.path, hit));
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
   * The serialized result for an anonymous caller with these parameters (and body), or null when
   * they are not plainly valid: Nest then answers, with its validation message. Rejects when the
   * read fails (a post not found).
   */
  answer(params: Record<string, string>, body: unknown): Promise<CachedRead> | null {
    const args = this.read.options.anonymous(params, body);
    return args ? this.shared(args) : null;
  }

  /**
   * The result for the caller with this Authorization header: the anonymous one with the reader's
   * own part merged over it. Null (at once, or once looked up) when Nest must answer: no such
   * part declared, parameters Nest would refuse, not a valid session, a token due for renewal
   * (Nest sends the fresh one), a reader the shared result is no base for, a failed read.
   */
  answerReader(params: Record<string, string>, authorization: string): Promise<CachedRead | null> | null {
    const { forReader, anonymous } = this.read.options;
    const args = forReader ? anonymous(params, undefined) : null;
    if (!forReader || !args) return null;
    return Promise.all([this.site.sessions.of(authorization), this.shared(args)]).then(
      async ([session, shared]) => {
        if (!session || session.token?.renewable) return null;
        const patch = await forReader({ shared: shared.result, reader: session.user, args, get: this.site.get });
        return patch ? withReaderPart(shared, patch) : null;
      },
      () => null,
    );
  }

  private shared(args: unknown[]): Promise<CachedRead> {
    const { options } = this.read;
    const version = this.site.versions.of(options.readModels(args), { searchIndex: options.searchIndex });
    // A hash of the arguments: every key has the same small size, whatever a caller sent (a search body).
    return version.then((at) => this.cache.get(cacheKeyOf(args), at, () => this.read.call(args)));
  }
}

/** Every public read of the site, bound to it: the controller methods declared @PublicRead. */
export function publicReadRoutes(app: INestApplication, prefix: string): PublicReadRoute[] {
  const get: ProviderLookup = (type) => app.get(type, { strict: false });
  const site: PublicReadSite = {
    versions: new ReadModelVersions(app.get<ReadStore>(READ_STORE), app.get<SearchIndex>(SEARCH_INDEX)),
    sessions: get(Sessions),
    get,
    metrics: get(SiteMetrics),
  };
  return declaredReads(app, prefix).map((read) => new PublicReadRoute(read, site));
}

/** The @PublicRead methods of every controller Nest knows, with their routes as Nest builds them. */
export function declaredReads(app: INestApplication, prefix: string): DeclaredRead[] {
  const reads: DeclaredRead[] = [];
  const seen = new Set<Type>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const type = wrapper.metatype as Type | null;
      const controller = wrapper.instance as Record<string, (...args: unknown[]) => unknown> | null;
      if (!type || !controller || seen.has(type)) continue;
      seen.add(type);
      for (const name of Object.getOwnPropertyNames(type.prototype)) {
        const handler = (type.prototype as Record<string, unknown>)[name];
        const metadata =
          typeof handler === 'function' ? (Reflect.getMetadata(PUBLIC_READ, handler) as PublicReadMetadata | undefined) : undefined;
        if (!metadata) continue;
        reads.push({
          method: httpMethodOf(Reflect.getMetadata(METHOD_METADATA, handler as object) as RequestMethod, `${type.name}.${name}`),
          path: joinPath(
            prefix,
            Reflect.getMetadata(PATH_METADATA, type) as unknown,
            Reflect.getMetadata(PATH_METADATA, handler as object) as unknown,
          ),
          options: metadata.options,
          call: async (args) => controller[name](...args),
        });
      }
    }
  }
  return reads;
}

function httpMethodOf(method: RequestMethod, where: string): 'get' | 'post' {
  if (method === RequestMethod.GET) return 'get';
  if (method === RequestMethod.POST) return 'post';
  throw new Error(`@PublicRead on ${where}: only GET and POST reads can be cached`);
}

function joinPath(...parts: unknown[]): string {
  const segments = parts.map((part) => {
    if (part !== undefined && typeof part !== 'string')
      throw new Error(`@PublicRead needs one path per route, found ${JSON.stringify(part)}`);
    return (part ?? '').replace(/^\/+|\/+$/g, '');
  });
  return `/${segments.filter(Boolean).join('/')}`;
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

/** The cache key of a read's arguments: a SHA-256 of their JSON, so a key's size never depends on the request. */
export function cacheKeyOf(args: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(args)).digest('base64url');
}
