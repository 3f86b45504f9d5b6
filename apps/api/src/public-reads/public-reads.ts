import { createHash } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import type { Express, NextFunction, Request, Response } from 'express';
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from './cache-headers';
import { CachedRoute } from './cached-route';
import { declaredRoutes, type DeclaredRoute } from './declared-routes';
import { frontReaderOf, type FrontAnswer, type FrontRead, type FrontReadSite, type FrontRequest } from './front-read';
import { withReaderPart, type CachedRead } from './public-read-cache';
import { PUBLIC_READ, type PublicReadOptions } from './public-read.decorator';

/** A controller method declared @PublicRead, as Nest routes it. */
export type DeclaredRead = DeclaredRoute<PublicReadOptions<unknown[]>>;

/** One public read bound to the site: its cache, the version of what it reads, and its controller method. */
export class PublicReadRoute extends CachedRoute<PublicReadOptions<unknown[]>> implements FrontRead {
  answerFor({ params, authorization }: FrontRequest): Promise<FrontAnswer | null> | null {
    if (authorization === undefined) {
      return this.answer(params, undefined)?.then((read) => ({ read, cacheControl: PUBLIC_CACHE_CONTROL })) ?? null;
    }
    return this.answerReader(params, authorization)?.then((read) => read && { read, cacheControl: PRIVATE_CACHE_CONTROL }) ?? null;
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
    return Promise.all([frontReaderOf(this.site, authorization), this.shared(args)]).then(
      async ([reader, shared]) => {
        if (!reader) return null;
        const patch = await forReader({ shared: shared.result, reader, args, get: this.site.get });
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
export function publicReadRoutes(app: INestApplication, prefix: string, site: FrontReadSite): PublicReadRoute[] {
  return declaredRoutes<PublicReadOptions<unknown[]>>(app, prefix, PUBLIC_READ).map((read) => new PublicReadRoute(read, site));
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

/** Arguments' JSON up to this length is its own key (a post's id); longer (a search body), a hash of it. */
const LONGEST_PLAIN_KEY = 64;

/** The cache key of a read's arguments: their JSON, or a SHA-256 of it, so a key's size never depends on the request. */
export function cacheKeyOf(args: readonly unknown[]): string {
  const json = JSON.stringify(args);
  // A hash (base64url) never starts with '[' as the JSON of arguments does: the two kinds never collide.
  return json.length <= LONGEST_PLAIN_KEY ? json : createHash('sha256').update(json).digest('base64url');
}
