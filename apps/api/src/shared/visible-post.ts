import { Inject, Injectable } from '@nestjs/common';
import { isVisibleTo, notFound, POST_KINDS, type Actor, type PostKind } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { POST_VIEW_COLLECTION, type PostViewDocument } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';
import { AuthorNames, type AuthorName } from './author-names';

export interface VisiblePostView {
  post: PostViewDocument;
  author: AuthorName;
}

/** A post's view document, if the viewer may see it; 'not found' otherwise, so hidden posts do not leak. */
@Injectable()
export class VisiblePosts {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly authorNames: AuthorNames,
  ) {}

  async get(kind: PostKind, id: number, viewer: Actor | null): Promise<VisiblePostView> {
    const { streamName, notFound: notFoundMessage } = POST_KINDS[kind];
    const post = await this.readStore.get<PostViewDocument>(POST_VIEW_COLLECTION, streamName(id));
    if (
      !post ||
      !isVisibleTo({ authorId: post.authorId, isPublished: post.isPublished, isApproved: post.isApproved, deleted: post.deleted }, viewer)
    ) {
      throw notFound(notFoundMessage);
    }
    const authorOf = await this.authorNames.lookup([post.authorId]);
    return { post, author: authorOf(post.authorId) };
  }
}
