import { Inject, ServiceUnavailableException } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { EntityType, type GridPostItem, type SearchRequest, type SearchResult } from '@app/contracts';
import type { Actor } from '@app/domain';
import {
  isSolved,
  SEARCH_INDEX,
  SearchTookTooLongError,
  sortScoreOf,
  type SearchDocument,
  type SearchIndex,
  type SearchQuery,
  type SearchVisibility,
} from '@app/search-index';
import { AccountDirectory } from '../accounts/account-directory';
import { CLOCK, type Clock } from '../infrastructure/tokens';
import { SavesOfReader } from '../shared/saves-of-reader';
import { AuthorNames, type AuthorName } from '../shared/author-names';

/**
 * Who searches, which decides what can be found (SPEC §6, §7 Search):
 * - `public`: published, approved posts; `uName` in the request narrows them to that author;
 * - `own`: every post of the caller, drafts and unapproved ones included (`uName` ignored);
 * - `admin`: every post that is not deleted (`uName` ignored).
 */
export type SearchScope = { kind: 'public' } | { kind: 'own'; accountId: string } | { kind: 'admin' };

export class SearchPostsQuery extends Query<SearchResult> {
  constructor(
    readonly request: SearchRequest,
    readonly scope: SearchScope,
    /** The logged-in reader, whose rows carry `isSavedByMe` (issue 26); null for a visitor. */
    readonly viewer: Actor | null = null,
  ) {
    super();
  }
}

/** One SearchIndex query per request; authors' names are joined at read time (the index holds account ids only). */
@QueryHandler(SearchPostsQuery)
export class SearchPostsHandler implements IQueryHandler<SearchPostsQuery, SearchResult> {
  constructor(
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly directory: AccountDirectory,
    private readonly authorNames: AuthorNames,
    private readonly saves: SavesOfReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ request, scope, viewer }: SearchPostsQuery): Promise<SearchResult> {
    let authorAccountId: string | undefined;
    if (scope.kind === 'public' && request.uName !== undefined) {
      const accountId = await this.directory.accountIdOfUserName(request.uName);
      // Nobody (or an erased account) holds that user name: nobody's posts to show.
      if (!accountId) return [];
      authorAccountId = accountId;
    }
    const query: SearchQuery = {
      text: request.searchString,
      visibility: visibilityOf(scope),
      categoryId: request.categoryId,
      entityType: request.entityType,
      tagIds: request.Tags,
      authorAccountId,
      orderByAsc: request.orderByAsc,
      lastFetchedArticleId: request.pager.lastFetchedArticleId,
      lastFetchedQuestionId: request.pager.lastFetchedQuestionId,
      pageSize: request.pager.pageSize,
      sort: request.sort,
      status: request.status,
      lastFetchedScore: request.pager.lastFetchedScore,
      today: Math.floor(this.clock().getTime() / DAY_MS),
    };
    const documents = await this.index.search(query).catch((error: unknown) => {
      if (error instanceof SearchTookTooLongError)
        throw new ServiceUnavailableException('The search took too long: please try fewer or longer words.');
      throw error;
    });
    const authorOf = await this.authorNames.lookup(documents.map((document) => document.authorAccountId));
    const saved = await this.saves.savedAmong(
      viewer,
      documents.map((document) => ({ id: document.id, kind: document.entityType === EntityType.Article ? 'article' : 'question' })),
    );
    return documents.map((document) => ({
      ...toGridItem(document, authorOf(document.authorAccountId), sortScoreOf(document, query)),
      ...(viewer ? { isSavedByMe: saved.has(document.id) } : {}),
    }));
  }
}

function visibilityOf(scope: SearchScope): SearchVisibility {
  switch (scope.kind) {
    case 'public':
      return 'public';
    case 'admin':
      return 'admin';
    case 'own':
      return { ownerAccountId: scope.accountId };
  }
}

const DAY_MS = 86_400_000;

/** SPEC §3 grid post item; `isSolved` on questions and `sortScore` for `top` and `trending` (issue 27). */
function toGridItem(document: SearchDocument, author: AuthorName, sortScore: number | null): GridPostItem {
  return {
    id: document.id,
    entityType: document.entityType,
    title: document.title,
    name: author.name,
    uName: author.uName,
    tags: document.tags,
    likes: document.likes,
    isApproved: document.isApproved,
    createdOn: document.createdOn,
    updatedOn: document.updatedOn,
    articleDescription: document.entityType === EntityType.Article ? document.description : null,
    ...(document.entityType === EntityType.Question ? { isSolved: isSolved(document) } : {}),
    ...(sortScore === null ? {} : { sortScore }),
  };
}
