import { Inject, Injectable } from '@nestjs/common';
import { POST_KINDS, readingListStreamName, type Actor, type PostKind } from '@app/domain';
import { CollectionCache, type ReadDocument, type ReadStore } from '@app/read-store';
import { READING_LIST_COLLECTION } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';

/** Whether the logged-in reader saved a post, from the reading-list read model, so the Save button shows the truth. */
@Injectable()
export class SavesOfReader {
  /** Kept until the next save or unsave anywhere. */
  private readonly savesKept: CollectionCache<ReadDocument>;

  constructor(@Inject(READ_STORE) readStore: ReadStore) {
    this.savesKept = new CollectionCache(readStore, READING_LIST_COLLECTION);
  }

  async saved(viewer: Actor | null, kind: PostKind, id: number): Promise<boolean> {
    if (!viewer) return false;
    return (await this.savesKept.get(readingListStreamName(POST_KINDS[kind].entityType, id, viewer.accountId))) !== null;
  }

  /** The ids of the posts of a page (a search's rows, at most a page size) the reader saved. */
  async savedAmong(viewer: Actor | null, posts: readonly { id: number; kind: PostKind }[]): Promise<Set<number>> {
    if (!viewer) return new Set();
    const saved = await Promise.all(posts.map(async ({ id, kind }) => ((await this.saved(viewer, kind, id)) ? [id] : [])));
    return new Set(saved.flat());
  }
}
