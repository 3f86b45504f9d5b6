import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fresh from 'fresh';
import Negotiator from 'negotiator';
import type { Logger } from 'pino';
import vary from 'vary';
import type { HeaderMiddleware } from '../http/security-headers';
import { logRequest } from '../http/request-log';
import { timeRequest } from '../metrics/http-metrics';
import type { SiteMetrics } from '../metrics/site-metrics';
import type { FrontAnswer, FrontRead } from './front-read';
import { envelopeAround } from './public-reads';

export interface ReadsFront {
  /** The public reads' GETs (public-reads.ts) and the readers' own reads (reader-reads.ts). */
  routes: readonly FrontRead[];
  /** The site's security headers and CORS (security-headers.ts), run on every answer. */
  headers: readonly HeaderMiddleware[];
  logger: Logger;
  metrics: SiteMetrics;
}

/** As the compression middleware: bodies under 1 KB are sent as they are. */
const COMPRESSION_THRESHOLD = 1024;

/**
 * Puts the cached GETs in front of Express: the public reads (home, a post, a comment page) and a
 * logged-in reader's own pages (the inbox, the Following feed). The HTTP server's request listener
 * answers them from the read caches with what Express's chain would add (request id and log line,
 * metrics, security headers, CORS, compression), and hands every other request to Express
 * untouched. A reader's session is checked here (`frontReaderOf`). A read that cannot be answered
 * here (bad parameters, a post not found, a reader Nest must serve, a failure) is handed over too,
 * before anything is written, so Nest answers it as always. Express's own chain costs more than
 * the read: this is most of the gain.
 */
export function answerReadsFirst(server: Server, front: ReadsFront): void {
  const { routes } = front;
  const site = server.listeners('request') as RequestListener[];
  if (site.length !== 1) throw new Error(`Expected one request listener (Express), found ${site.length}`);
  const express = site[0];
  server.removeAllListeners('request');

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const started = process.hrtime.bigint();
    const url = request.url ?? '/';
    const { authorization } = request.headers;
    // An Idempotency-Key changes nothing here: reads take none (CALLS_WITHOUT_IDEMPOTENCY_KEY).
    if (request.method !== 'GET' || !url.startsWith('/api/')) {
      return express(request, response);
    }
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? '' : url.slice(queryAt);
    for (const route of routes) {
      const params = route.paramsIn(pathname);
      if (!params) continue;
      const answer = route.answerFor({ params, search, authorization });
      if (!answer) break;
      answer.then(
        (answered) => {
          if (!answered || !setHeaders(front.headers, request, response)) return express(request, response);
          send(front, route.path, answered, request, response, started);
        },
        () => express(request, response),
      );
      return;
    }
    express(request, response);
  });
}

function send(
  front: ReadsFront,
  route: string,
  { read, cacheControl }: FrontAnswer,
  request: IncomingMessage,
  response: ServerResponse,
  started: bigint,
): void {
  logRequest(front.logger, request, response, () => route, started);
  timeRequest(front.metrics, request, response, () => route, started);
  response.setHeader('ETag', read.etag);
  response.setHeader('Cache-Control', cacheControl);
  vary(response, 'Authorization');
  if (fresh(request.headers, { etag: read.etag })) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const body = envelopeAround(read.json);
  vary(response, 'Accept-Encoding');
  const encoding = body.length < COMPRESSION_THRESHOLD ? undefined : new Negotiator(request).encoding(['br', 'gzip', 'identity']);
  const sent = encoding === 'br' ? brotli(body) : encoding === 'gzip' ? gzipSync(body) : body;
  if (encoding && sent !== body) response.setHeader('Content-Encoding', encoding);
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('Content-Length', sent.length);
  response.end(sent);
}

/** The quality the compression middleware uses: cheap enough per response. */
function brotli(body: Buffer): Buffer {
  return brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}

/**
 * Runs the header middlewares (helmet, cors), which call `next` at once for a GET. False if one
 * failed or did not: Express then answers the request through its own chain.
 */
function setHeaders(middlewares: readonly HeaderMiddleware[], request: IncomingMessage, response: ServerResponse): boolean {
  return middlewares.every((middleware) => {
    let passed = false;
    middleware(request, response, (error?: unknown) => (passed = error === undefined));
    return passed;
  });
}
