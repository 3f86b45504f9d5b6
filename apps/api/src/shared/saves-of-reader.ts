import { Inject, Injectable } from '@nestjs/common';
import { POST_KINDS, readingListStreamName, type Actor, type PostKind } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { READING_LIST_COLLECTION } from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';

/** Whether the logged-in reader saved a post, from the reading-list read model, so the Save button shows the truth. */
@Injectable()
export class SavesOfReader {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async saved(viewer: Actor | null, kind: PostKind, id: number): Promise<boolean> {
    if (!viewer) return false;
    const streamName = readingListStreamName(POST_KINDS[kind].entityType, id, viewer.accountId);
    return (await this.readStore.get(READING_LIST_COLLECTION, streamName)) !== null;
  }
}
