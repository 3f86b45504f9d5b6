import { createHash } from 'node:crypto';
import type { Query } from '@nestjs/cqrs';
import { commentPageParamsSchema, searchRequestSchema } from '@app/contracts';
import { POST_KINDS, type PostKind } from '@app/domain';
import { ACCOUNTS_COLLECTION, COMMENTS_COLLECTION, HOME_COLLECTION, POST_VIEW_COLLECTION } from '@app/projections';
import { COMMENT_ROUTES } from '../comments/comment-kinds';
import { ListCommentsQuery } from '../comments/list-comments.query';
import { GetHomeQuery } from '../home/get-home.query';
import { GetArticleQuery } from '../posts/articles/get-article.query';
import { GetQuestionQuery } from '../posts/questions/get-question.query';
import { SearchPostsQuery } from '../search/search-posts.query';

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
      if (!request.success) return null;
      // A hash of the parsed (normalized) request: the cache keeps 500 keys of fixed size, whatever was sent.
      const key = `search ${createHash('sha256').update(JSON.stringify(request.data)).digest('base64url')}`;
      return { key, query: new SearchPostsQuery(request.data, { kind: 'public' }) };
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
