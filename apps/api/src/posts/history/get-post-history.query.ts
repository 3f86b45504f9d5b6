import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { PostRevision } from '@app/contracts';
import { canEdit, findCategory, forbidden, isVisibleTo, notFound, POST_KINDS, postSnapshots, type Actor, type PostKind } from '@app/domain';
import type { EventStore } from '@app/event-store';
import { AuthorNames, type AuthorName } from '../../shared/author-names';
import { EVENT_STORE } from '../../infrastructure/tokens';

/** Actors that are not accounts (event metadata `system` / `operator`) keep their own word. */
const NON_ACCOUNT_ACTORS = new Set(['system', 'operator']);

/**
 * Every revision of one post, oldest first, read from the post's own stream (the log is the
 * history: no extra table). Owner and admins only; a post the caller cannot see is 'not found'.
 */
export class GetPostHistoryQuery extends Query<PostRevision[]> {
  constructor(
    readonly kind: PostKind,
    readonly id: number,
    readonly viewer: Actor,
  ) {
    super();
  }
}

@QueryHandler(GetPostHistoryQuery)
export class GetPostHistoryHandler implements IQueryHandler<GetPostHistoryQuery, PostRevision[]> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async execute({ kind, id, viewer }: GetPostHistoryQuery): Promise<PostRevision[]> {
    const recorded = await this.eventStore.readStream(POST_KINDS[kind].streamName(id));
    const snapshots = postSnapshots(kind, recorded);
    const current = snapshots.at(-1);
    if (!current || !isVisibleTo(current, viewer)) throw notFound(POST_KINDS[kind].notFound);
    if (!canEdit(viewer, current.authorId)) throw forbidden();

    const actors = snapshots.map(({ event }) => event.metadata.actor);
    const accountName = await this.authorNames.lookup(actors.filter((actor) => !NON_ACCOUNT_ACTORS.has(actor)));
    const nameOf = (actor: string): AuthorName => (NON_ACCOUNT_ACTORS.has(actor) ? { uName: '', name: actor } : accountName(actor));

    return snapshots.map(({ event, change, at, authorId: _authorId, deleted: _deleted, ...fields }, index) => ({
      revision: index + 1,
      change,
      ...nameOf(event.metadata.actor),
      at,
      ...fields,
      category: findCategory(fields.categoryId)?.subCategory ?? '',
      tags: fields.tags.map(({ id: tagId, subTag }) => ({ id: tagId, subTag })),
    }));
  }
}
