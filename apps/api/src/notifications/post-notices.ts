import { Inject, Injectable } from '@nestjs/common';
import type { Condition, ReadStore } from '@app/read-store';
import {
  FOLLOWS_COLLECTION,
  NOTIFICATION_READS_COLLECTION,
  POST_NOTICES_COLLECTION,
  type FollowDocument,
  type NotificationDocument,
  type NotificationReadsDocument,
  type PostNoticeDocument,
} from '@app/projections';
import { READ_STORE } from '../infrastructure/tokens';

type SeqRange = { $lt?: number; $gt?: number; $lte?: number };

/** Per reader: the targets they follow and since which `seq` (their follow's). */
type Following = Map<string, Map<string, number>>;

/**
 * A reader's `post` notifications, merged at read time from the shared notices of the targets they
 * follow (PostNoticeDocument): those announced after the follow that still stands, each post once,
 * none for the reader's own posts nor for those that mentioned them (they hear of that as a mention).
 * They come back as inbox rows (NotificationDocument) of that reader, read or not by their marks.
 */
@Injectable()
export class PostNotices {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** `readerId`'s newest notices below `before` (all without), up to `limit`: batches are read until `limit` are the reader's. */
  async newest(readerId: string, before: number | null, limit: number): Promise<NotificationDocument[]> {
    const following = await this.following([readerId]);
    const targets = following.get(readerId);
    if (!targets) return [];
    const reads = await this.reads([readerId]);
    const rows = new Map<string, NotificationDocument>();
    // Nothing older than the reader's oldest follow can be theirs: the batches stop there.
    const range: SeqRange = { $gt: Math.min(...targets.values()), ...(before === null ? {} : { $lt: before }) };
    const targetKeys = [...targets.keys()];
    const target = targetKeys.length === 1 ? targetKeys[0] : { $in: targetKeys };
    for (;;) {
      const batch = await this.readStore.find<PostNoticeDocument>(
        POST_NOTICES_COLLECTION,
        { target, seq: range },
        { sort: [['seq', -1]], limit: limit * 2 },
      );
      for (const row of this.rowsOf(batch, following, reads)) if (rows.size < limit) rows.set(row.id, row);
      if (rows.size >= limit || batch.length < limit * 2) break;
      range.$lt = batch[batch.length - 1].seq;
    }
    return [...rows.values()];
  }

  /** The newest `seq` among `readerId`'s notices (0 without any). */
  async newestSeq(readerId: string): Promise<number> {
    return (await this.newest(readerId, null, 1))[0]?.seq ?? 0;
  }

  /** The unread notices of each of `readerIds`. */
  async unread(readerIds: readonly string[]): Promise<NotificationDocument[]> {
    const [following, reads] = await Promise.all([this.following(readerIds), this.reads(readerIds)]);
    // From the lowest place any of them is not read or not following up to.
    const from = Math.min(
      ...readerIds.map((id) => Math.max(reads.get(id)?.upTo ?? 0, Math.min(...(following.get(id)?.values() ?? [Infinity])))),
    );
    if (from === Infinity) return [];
    const targets = [...new Set([...following.values()].flatMap((targetsOf) => [...targetsOf.keys()]))];
    const notices = await this.readStore.find<PostNoticeDocument>(POST_NOTICES_COLLECTION, {
      target: { $in: targets },
      seq: { $gt: from },
    });
    return this.rowsOf(notices, following, reads).filter((row) => !row.isRead);
  }

  /** The notices of each of `readerIds` in `seq` (the live push's range), oldest first. */
  async inRange(readerIds: readonly string[], seq: SeqRange): Promise<NotificationDocument[]> {
    // A push's range holds few notices: read them first, and the follows only of their targets.
    const notices = await this.readStore.find<PostNoticeDocument>(POST_NOTICES_COLLECTION, { seq }, { sort: [['seq', 1]] });
    if (notices.length === 0) return [];
    const targets = [...new Set(notices.map((notice) => notice.target))];
    const [following, reads] = await Promise.all([this.following(readerIds, { $in: targets }), this.reads(readerIds)]);
    return this.rowsOf(notices, following, reads);
  }

  private async following(readerIds: readonly string[], target?: Condition): Promise<Following> {
    const follows = await this.readStore.find<FollowDocument>(FOLLOWS_COLLECTION, {
      followerId: readerIds.length === 1 ? readerIds[0] : { $in: [...readerIds] },
      ...(target ? { target } : {}),
    });
    const following: Following = new Map();
    for (const follow of follows) {
      const targets = following.get(follow.followerId) ?? new Map<string, number>();
      targets.set(follow.target, follow.seq);
      following.set(follow.followerId, targets);
    }
    return following;
  }

  private async reads(readerIds: readonly string[]): Promise<Map<string, NotificationReadsDocument>> {
    const reads = await this.readStore.find<NotificationReadsDocument>(NOTIFICATION_READS_COLLECTION, {
      id: readerIds.length === 1 ? readerIds[0] : { $in: [...readerIds] },
    });
    return new Map(reads.map((read) => [read.id, read]));
  }

  /** `notices` (in `seq` order) as the rows of each reader they reach, a post once per reader, in the same order. */
  private rowsOf(
    notices: readonly PostNoticeDocument[],
    following: Following,
    reads: ReadonlyMap<string, NotificationReadsDocument>,
  ): NotificationDocument[] {
    const rows: NotificationDocument[] = [];
    const seen = new Set<string>();
    for (const notice of notices)
      for (const [readerId, targets] of following) {
        const since = targets.get(notice.target);
        if (since === undefined || since >= notice.seq || readerId === notice.authorId || notice.mentionedIds.includes(readerId)) continue;
        const key = `${readerId}|${notice.noticeId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const read = reads.get(readerId);
        rows.push({
          id: notice.noticeId,
          recipientId: readerId,
          kind: 'post',
          actorIds: [notice.authorId],
          target: notice.post,
          seq: notice.seq,
          createdOn: notice.createdOn,
          isRead: !!read && (notice.seq <= read.upTo || read.read.some((mark) => mark.id === notice.noticeId)),
        });
      }
    return rows;
  }
}
