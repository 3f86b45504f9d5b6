import type { ReadStore } from '@app/read-store';
import type { NotificationDocument, ProjectionRunner } from '@app/projections';
import type { Response } from 'express';
import type { NotificationInbox } from './notification-inbox';
import { NotificationStream } from './notification-stream';
import type { PostNotices } from './post-notices';

/**
 * The notifications collection in memory, answering the stream's one query shape; every
 * projection's checkpoint is the newest row's seq, unless `behind` holds one of its own.
 */
function fakeReadStore(rows: NotificationDocument[], behind: Map<string, number>) {
  const reads = { rows: 0, queries: 0 };
  const readStore = {
    find: async (
      _collection: string,
      filter: { recipientId: { $in: string[] }; seq: { $gt: number; $lte?: number } },
      options?: { limit?: number },
    ) => {
      reads.queries += 1;
      const found = rows
        .filter(
          (row) => filter.recipientId.$in.includes(row.recipientId) && row.seq > filter.seq.$gt && row.seq <= (filter.seq.$lte ?? Infinity),
        )
        .sort((a, b) => a.seq - b.seq)
        .slice(0, options?.limit);
      reads.rows += found.length;
      return found;
    },
    getCheckpoint: async (name: string) =>
      behind.has(name) ? BigInt(behind.get(name)!) : rows.length === 0 ? null : BigInt(Math.max(...rows.map((row) => row.seq))),
  } as unknown as ReadStore;
  return { readStore, reads };
}

function fakeResponse() {
  const written: Array<string | Buffer> = [];
  const response = {
    status: () => response,
    setHeader: () => undefined,
    getHeader: () => undefined,
    flushHeaders: () => undefined,
    socket: null,
    write: (text: string | Buffer) => written.push(text),
    on: () => response,
    end: () => undefined,
  };
  return { response: response as unknown as Response, written: () => written.join(''), chunks: written };
}

function given() {
  const rows: NotificationDocument[] = [];
  const runner = { onCheckpointMoved: () => () => undefined } as unknown as ProjectionRunner;
  const inboxCalls = { views: 0, unreadCount: 0 };
  const view = { shown: (mine: NotificationDocument[]) => mine, unreadCount: () => 1 };
  const inbox = {
    view: async () => ((inboxCalls.views += 1), view),
    unreadCount: async () => ((inboxCalls.unreadCount += 1), 1),
  } as unknown as NotificationInbox;
  const behind = new Map<string, number>();
  const { readStore, reads } = fakeReadStore(rows, behind);
  // The post notices merged at read time, as PostNotices gives them: the readers' rows in a range, oldest first.
  const posts: NotificationDocument[] = [];
  const postNotices = {
    inRange: async (readerIds: string[], seq: { $gt: number; $lte: number }) =>
      posts.filter((row) => readerIds.includes(row.recipientId) && row.seq > seq.$gt && row.seq <= seq.$lte),
  } as unknown as PostNotices;
  const stream = new NotificationStream(readStore, inbox, postNotices, runner);
  const notify = (recipientId: string, seq: number) =>
    rows.push({ id: `reply:${seq}:${recipientId}`, recipientId, seq } as NotificationDocument);
  // What a checkpoint's move starts, awaited.
  const pushed = () => (stream as unknown as { push(): Promise<void> }).push();
  return { stream, rows, posts, notify, pushed, reads, inboxCalls, behind };
}

describe('NotificationStream', () => {
  it('reaches every connected reader when one wake-up brings more new rows than one read returns, with one inbox view per read', async () => {
    const { stream, notify, pushed, inboxCalls } = given();
    const readers = Array.from({ length: 700 }, (_, n) => ({ accountId: `reader-${n}`, ...fakeResponse() }));
    for (const reader of readers) await stream.open({ accountId: reader.accountId, roleId: 1 }, reader.response, null);

    readers.forEach((reader, n) => notify(reader.accountId, 1_000 + n));
    await pushed();

    const unreached = readers.filter((reader) => !reader.written().includes('event: notification'));
    expect(unreached.length).toBe(0);
    // Not one per reader: the people, posts, comments and unread rows of all 700 are read together.
    expect(inboxCalls.views).toBe(2);
    stream.onModuleDestroy();
  });

  it("makes one text for a reader's connections, reading nothing per connection, and writes those same bytes to each", async () => {
    const { stream, notify, pushed, inboxCalls } = given();
    const tabs = Array.from({ length: 50 }, () => fakeResponse());
    for (const tab of tabs) await stream.open({ accountId: 'ann', roleId: 1 }, tab.response, null);
    const before = { ...inboxCalls };

    notify('ann', 7);
    await pushed();

    expect(inboxCalls.views - before.views).toBe(1);
    expect(inboxCalls.unreadCount - before.unreadCount).toBe(0);
    const pushedBytes = tabs.map((tab) => tab.chunks[tab.chunks.length - 1]);
    expect(pushedBytes.every((bytes) => bytes === pushedBytes[0])).toBe(true);
    expect(String(pushedBytes[0])).toContain('id: 7\nevent: notification');
    stream.onModuleDestroy();
  });

  it('reads no rows on a wake-up while the notifications checkpoint stands where the readers were pushed', async () => {
    const { stream, notify, pushed, reads } = given();
    notify('bob', 3);
    await stream.open({ accountId: 'ann', roleId: 1 }, fakeResponse().response, null);
    notify('ann', 5);
    await pushed();
    const after = { ...reads };

    await pushed(); // another projection's checkpoint moved

    expect(reads).toEqual(after);
    stream.onModuleDestroy();
  });

  it("does not read a busy reader's rows again for a quiet one left behind", async () => {
    const { stream, notify, pushed, reads } = given();
    await stream.open({ accountId: 'quiet', roleId: 1 }, fakeResponse().response, null);
    const busy = fakeResponse();
    await stream.open({ accountId: 'busy', roleId: 1 }, busy.response, null);
    for (let seq = 1; seq <= 5; seq += 1) {
      notify('busy', seq);
      await pushed();
    }

    expect(reads.rows).toBe(5);
    expect(busy.written().match(/event: notification/g)).toHaveLength(5);
    stream.onModuleDestroy();
  });

  it('pushes a row only once what it is shown from is projected too (another projector may hold the post view)', async () => {
    const { stream, notify, pushed, behind } = given();
    const ann = fakeResponse();
    await stream.open({ accountId: 'ann', roleId: 1 }, ann.response, null);
    behind.set('post-view', 0); // the new post's notification is in, its post not yet
    notify('ann', 9);
    await pushed();
    expect(ann.written()).not.toContain('event: notification');

    behind.delete('post-view'); // its checkpoint moved: that wakes the stream too
    await pushed();
    await pushed();

    expect(ann.written().match(/id: 9\nevent: notification/g)).toHaveLength(1);
    stream.onModuleDestroy();
  });

  it('pushes post notices among the rows in seq order, past a full page of rows, each once', async () => {
    const { stream, notify, posts, pushed } = given();
    const ann = fakeResponse();
    await stream.open({ accountId: 'ann', roleId: 1 }, ann.response, null);
    for (let seq = 1; seq <= 600; seq += 1) notify('ann', seq * 2);
    for (const seq of [3, 1_001, 1_301]) posts.push({ id: `post:article-${seq}`, recipientId: 'ann', seq } as NotificationDocument);
    notify('bob', 1_400); // every checkpoint is past the last notice

    await pushed();
    await pushed();

    const ids = [...ann.written().matchAll(/id: (\d+)\nevent: notification/g)].map((match) => Number(match[1]));
    expect(ids).toHaveLength(603);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.filter((id) => id % 2 === 1)).toEqual([3, 1_001, 1_301]);
    stream.onModuleDestroy();
  });
});
