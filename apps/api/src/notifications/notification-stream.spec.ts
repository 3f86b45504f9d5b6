import type { ReadStore } from '@app/read-store';
import type { NotificationDocument, ProjectionRunner } from '@app/projections';
import type { Response } from 'express';
import type { NotificationInbox } from './notification-inbox';
import { NotificationStream } from './notification-stream';

/** The notifications collection in memory, answering the stream's one query shape. */
function fakeReadStore(rows: NotificationDocument[]): ReadStore {
  return {
    find: async (
      _collection: string,
      filter: { recipientId: string | { $in: string[] }; seq?: { $gt: number } },
      options?: { limit?: number },
    ) => {
      const recipients = typeof filter.recipientId === 'string' ? [filter.recipientId] : filter.recipientId.$in;
      const found = rows
        .filter((row) => recipients.includes(row.recipientId) && row.seq > (filter.seq?.$gt ?? -1))
        .sort((a, b) => a.seq - b.seq);
      return typeof filter.recipientId === 'string' ? found.slice(-1) : found.slice(0, options?.limit);
    },
  } as unknown as ReadStore;
}

function fakeResponse() {
  let written = '';
  const response = {
    status: () => response,
    setHeader: () => undefined,
    flushHeaders: () => undefined,
    write: (text: string) => (written += text),
    on: () => response,
    end: () => undefined,
  };
  return { response: response as unknown as Response, written: () => written };
}

describe('NotificationStream', () => {
  it('reaches every connected reader when one wake-up brings more new rows than one read returns', async () => {
    const rows: NotificationDocument[] = [];
    let wake = () => {};
    const runner = { onCheckpointMoved: (listener: () => void) => ((wake = listener), () => undefined) } as unknown as ProjectionRunner;
    const inbox = { shown: async (mine: NotificationDocument[]) => mine, unreadCount: async () => 1 } as unknown as NotificationInbox;
    const stream = new NotificationStream(fakeReadStore(rows), inbox, runner);
    const readers = Array.from({ length: 700 }, (_, n) => ({ accountId: `reader-${n}`, ...fakeResponse() }));
    for (const reader of readers) await stream.open({ accountId: reader.accountId, roleId: 1 }, reader.response, null);

    readers.forEach((reader, n) =>
      rows.push({ id: `post:1:${reader.accountId}`, recipientId: reader.accountId, seq: 1_000 + n } as NotificationDocument),
    );
    wake();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const unreached = readers.filter((reader) => !reader.written().includes('event: notification'));
    expect(unreached.length).toBe(0);
    stream.onModuleDestroy();
  });
});
