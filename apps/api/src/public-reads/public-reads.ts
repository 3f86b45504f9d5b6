import type { INestApplication } from '@nestjs/common';
import { QueryBus, type Query } from '@nestjs/cqrs';
import type { Express, NextFunction, Request, Response } from 'express';
import { commentPageParamsSchema, searchRequestSchema } from '@app/contracts';
import { POST_KINDS, type PostKind } from '@app/domain';
import { ACCOUNTS_COLLECTION, COMMENTS_COLLECTION, HOME_COLLECTION, POST_VIEW_COLLECTION } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import { COMMENT_ROUTES } from '../comments/comment-kinds';
import { ListCommentsQuery } from '../comments/list-comments.query';
import { GetHomeQuery } from '../home/get-home.query';
import type { SiteEngines } from '../infrastructure/site-engines';
import { READ_STORE, SEARCH_INDEX, SITE_ENGINES } from '../infrastructure/tokens';
import { GetArticleQuery } from '../posts/articles/get-article.query';
import { GetQuestionQuery } from '../posts/questions/get-question.query';
import { SearchPostsQuery } from '../search/search-posts.query';
import { setCacheHeaders } from './cache-headers';
import { PublicReadCache } from './public-read-cache';
import { ReadModelVersions } from './read-model-versions';

/**
 * A read whose body is the same for every anonymous caller: its route pattern (as Nest declares it),
 * the read models it reads (and whether the search index), and the query answering it for the path
 * parameters and body, or null when they are not plainly valid (Nest then answers, with its
 * validation message). A GET gets an ETag and Cache-Control; a POST (search) only the cached body.
 */
export interface PublicRead {
  method: 'get' | 'post';
  path: string;
  readModels: readonly string[];
  searchIndex?: boolean;
  /** How many parameter sets to keep (least recently used go first). */
  maxEntries: number;
  query(params: Record<string, string>, body: unknown): { key: string; query: Query<unknown> } | null;
}

const NUMERIC_ID = /^\d{1,16}$/;

const POST_QUERY: Record<PostKind, (id: number) => Query<unknown>> = {
  article: (id) => new GetArticleQuery(id, null),
  question: (id) => new GetQuestionQuery(id, null),
};

export const PUBLIC_READS: readonly PublicRead[] = [
  {
    method: 'get',
    path: '/api/Home',
    readModels: [HOME_COLLECTION],
    maxEntries: 1,
    query: () => ({ key: 'home', query: new GetHomeQuery() }),
  },
  {
    method: 'post',
    path: '/api/Search',
    readModels: [ACCOUNTS_COLLECTION],
    searchIndex: true,
    maxEntries: 500,
    query: (_params, body) => {
      const request = searchRequestSchema.safeParse(body);
      return request.success ? { key: JSON.stringify(request.data), query: new SearchPostsQuery(request.data, { kind: 'public' }) } : null;
    },
  },
  ...(Object.keys(POST_KINDS) as PostKind[]).flatMap((kind): PublicRead[] => [
    {
      method: 'get',
      path: `/api/${POST_KINDS[kind].label}/:id`,
      readModels: [POST_VIEW_COLLECTION, ACCOUNTS_COLLECTION],
      maxEntries: 2000,
      query: ({ id }) => (NUMERIC_ID.test(id) ? { key: `${kind} ${Number(id)}`, query: POST_QUERY[kind](Number(id)) } : null),
    },
    {
      method: 'get',
      path: `/api/${COMMENT_ROUTES[kind].postRoute}/Comments/:postId/:lastFetchedId/:pageSize/:oldestFirst`,
      readModels: [POST_VIEW_COLLECTION, COMMENTS_COLLECTION, ACCOUNTS_COLLECTION],
      maxEntries: 2000,
      query: (params) => {
        const page = commentPageParamsSchema.safeParse(params);
        return page.success
          ? { key: `${kind} comments ${JSON.stringify(page.data)}`, query: new ListCommentsQuery(kind, page.data, null) }
          : null;
      },
    },
  ]),
];

/**
 * Serves the public reads to callers without an Authorization header before Nest's router, from
 * results serialized once per read-model version, spliced into a fresh envelope, with an ETag
 * (If-None-Match -> 304) and `Cache-Control: public`. Express routes, so the request log and the
 * metrics label them with the same pattern as Nest's; anything else (a session, parameters Nest
 * would refuse, a post that is not found, a failure) goes on to Nest, which answers as always.
 */
export function usePublicReads(express: Express, app: INestApplication, reads: readonly PublicRead[] = PUBLIC_READS): void {
  const engines = app.get<SiteEngines>(SITE_ENGINES);
  const versions = new ReadModelVersions(app.get<ReadStore>(READ_STORE), engines.projections, app.get<SearchIndex>(SEARCH_INDEX));
  const queryBus = app.get(QueryBus);
  for (const read of reads) {
    const versionOf = versions.of(read.readModels, { searchIndex: read.searchIndex });
    const cache = new PublicReadCache(read.maxEntries);
    express[read.method](read.path, async (request: Request, response: Response, next: NextFunction) => {
      // A session shapes the body; an Idempotency-Key asks Nest's interceptor to keep the answer.
      const anonymous = request.headers.authorization === undefined && request.headers['idempotency-key'] === undefined;
      const target = anonymous ? read.query(request.params as Record<string, string>, request.body) : null;
      if (!target) return next();
      try {
        const { json, etag } = await cache.get(target.key, await versionOf(), () => queryBus.execute(target.query));
        if (read.method === 'get') {
          setCacheHeaders(response, etag, true);
          if (request.fresh) {
            response.status(304).end();
            return;
          }
        }
        const body = `{"success":true,"result":${json},"errorMessage":null,"timeStamp":"${new Date().toISOString()}"}`;
        response.setHeader('Content-Type', 'application/json; charset=utf-8');
        response.setHeader('Content-Length', Buffer.byteLength(body));
        response.end(body);
      } catch {
        next();
      }
    });
  }
}
