import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { searchRequestSchema, type SearchRequest } from '@app/contracts';
import { ACCOUNTS_COLLECTION } from '@app/projections';
import { AdminOnly, Authenticated, CurrentUser, ReadsOnly } from '../auth/auth.decorators';
import type { SessionUser } from '../auth/session-user';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { PublicRead } from '../public-reads/public-read.decorator';
import { actorOf, viewerOf } from '../auth/session-actor';
import { SearchPostsQuery } from './search-posts.query';

const searchRequest = new ZodValidationPipe(searchRequestSchema);

/** SPEC §7 Search: the body is the §3 search request, the result a page of §3 grid post items (§4 keyset paging). */
@ApiTags('Search')
@ReadsOnly()
@Controller('Search')
export class SearchController {
  constructor(private readonly queryBus: QueryBus) {}

  /** Published, approved posts, for anyone; `uName` narrows them to one author (a profile's Posts tab). */
  @Post()
  @HttpCode(HttpStatus.OK)
  @PublicRead({
    anonymous: (_params, body) => {
      const request = searchRequestSchema.safeParse(body);
      return request.success ? [request.data] : null;
    },
    readModels: () => [{ collection: ACCOUNTS_COLLECTION }],
    searchIndex: true,
    maxEntries: 500,
  })
  search(@Body(searchRequest) body: SearchRequest, @CurrentUser() user?: SessionUser | null) {
    // A logged-in reader is answered by Nest (no `forReader`), with their own `isSavedByMe` (issue 26).
    return this.queryBus.execute(new SearchPostsQuery(body, { kind: 'public' }, viewerOf(user ?? null)));
  }

  /** The caller's own posts, drafts and unapproved ones included; the body's `uName` is ignored. */
  @Post('UserPosts')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @Authenticated()
  userPosts(@Body(searchRequest) body: SearchRequest, @CurrentUser() user: SessionUser | null) {
    return this.queryBus.execute(new SearchPostsQuery(body, { kind: 'own', accountId: actorOf(user).accountId }, viewerOf(user)));
  }

  /** Every post that is not deleted (admins). */
  @Post('ByAdmin')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @AdminOnly()
  byAdmin(@Body(searchRequest) body: SearchRequest, @CurrentUser() user: SessionUser | null) {
    return this.queryBus.execute(new SearchPostsQuery(body, { kind: 'admin' }, viewerOf(user)));
  }
}
