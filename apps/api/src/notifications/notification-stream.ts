import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { NOTIFICATIONS_COLLECTION, ProjectionRunner, type NotificationDocument, type ReadModelName } from '@app/projections';
import type { Response } from 'express';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { READ_STORE } from '../infrastructure/tokens';
import type { InboxView } from './inbox-view';
import { NotificationInbox } from './notification-inbox';
import { PostNotices } from './post-notices';
import { SseConnection, SseMessage } from './sse-connection';

export const HEARTBEAT_MS = 25_000;
/** Rows read at once for every connected reader. */
const PUSH_PAGE = 500;
/** Connections written between two turns of the event loop, so a push to thousands holds no other request up for long. */
const WRITE_SLICE = 1_000;
/**
 * The read models a pushed row is shown from (InboxView: the row, the actors' names, its post and
 * comment). The lowest of their checkpoints is the push's high-water mark: a row is pushed once every
 * one of them has its event. Two projectors may each hold some of these: a row pushed before its post
 * was projected would be shown as nothing, and its reader moved past it.
 */
const SHOWN_FROM: readonly ReadModelName[] = ['notifications', 'follows', 'accounts', 'post-view', 'comments'];
const HEARTBEAT = new SseMessage(': heartbeat\n\n');

interface Reader {
  actor: Actor;
  connection: SseConnection;
  /** Everything up to this `seq` is behind this connection: sent, left out, or there before it opened (or, on a reconnect, sent before). */
  lastSeq: number;
}

/**
 * The live inbox (issue 26): every open stream of this process, pushed what is new whenever a
 * projection checkpoint moves, here or in another process (the checkpoint channel). A wake-up
 * whose high-water mark (SHOWN_FROM) has not passed what the readers were pushed costs its
 * checkpoint reads; else one query for all connected readers' new rows, one for the new post notices
 * (PostNotices, with the follows of their targets), and one view of them and of those readers'
 * unread rows (InboxView: a read each of unread rows, people, posts and comments),
 * then per reader (its connections at one place alike) one text, encoded once and written to each
 * of its sockets: no per-reader or per-socket reads. A reconnect resumes after its Last-Event-ID (a notification's seq).
 */
@Injectable()
export class NotificationStream implements OnModuleDestroy {
  private readonly readers = new Set<Reader>();
  private readonly stopListening: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private pushing = false;
  private again = false;

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly inbox: NotificationInbox,
    private readonly postNotices: PostNotices,
    runner: ProjectionRunner,
  ) {
    this.stopListening = runner.onCheckpointMoved(() => void this.push());
    this.heartbeat = setInterval(() => {
      for (const reader of this.readers) reader.connection.send(HEARTBEAT);
      // Also the fallback where no channel wakes this process (MongoDB without Redis).
      void this.push();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Opens `response` as `actor`'s stream: the unread count now, then anything after `lastSeq`. */
  async open(actor: Actor, response: Response, lastSeq: number | null): Promise<void> {
    const connection = new SseConnection(response);
    // What the inbox held when the stream opened is behind it (the unread count below stands for it).
    const reader: Reader = { actor, connection, lastSeq: lastSeq ?? (await this.highWaterMark()) };
    this.readers.add(reader);
    response.on('close', () => this.readers.delete(reader));
    const count = await this.inbox.unreadCount(actor);
    connection.send(new SseMessage(`retry: 3000\n\nevent: unread\ndata: ${JSON.stringify({ count })}\n\n`));
    if (lastSeq !== null) await this.push();
  }

  onModuleDestroy(): void {
    this.stopListening();
    clearInterval(this.heartbeat);
    for (const reader of this.readers) reader.connection.end();
    this.readers.clear();
  }

  /** One at a time; a wake-up during a push runs one more afterwards. */
  private async push(): Promise<void> {
    if (this.pushing) {
      this.again = true;
      return;
    }
    if (this.readers.size === 0) return;
    this.pushing = true;
    try {
      do {
        this.again = false;
        await this.pushOnce();
      } while (this.again);
    } catch {
      // The next wake-up or heartbeat tries again; nothing was marked sent.
    } finally {
      this.pushing = false;
    }
  }

  private async pushOnce(): Promise<void> {
    const readers = [...this.readers];
    if (readers.length === 0) return;
    // Read before the rows: every row up to it is in what the query below sees.
    const mark = await this.highWaterMark();
    let since = Math.min(...readers.map((reader) => reader.lastSeq));
    if (mark <= since) return; // another projection moved: nothing new in the inbox
    const recipients = [...new Set(readers.map((reader) => reader.actor.accountId))];
    // The post notices of the range are few (one per followed target of each new post): read at once,
    // and sent with the page of rows they fall among.
    const posts = await this.postNotices.inRange(recipients, { $gt: since, $lte: mark });
    let nextPost = 0;
    // Page by seq: a wake-up may bring more rows than one read returns (many likes at once).
    for (;;) {
      const rows = await this.readStore.find<NotificationDocument>(
        NOTIFICATIONS_COLLECTION,
        { recipientId: { $in: recipients }, seq: { $gt: since, $lte: mark } },
        { sort: [['seq', 1]], limit: PUSH_PAGE },
      );
      const full = rows.length === PUSH_PAGE;
      const upTo = full ? rows[rows.length - 1].seq : mark;
      const postsAmong: NotificationDocument[] = [];
      while (nextPost < posts.length && posts[nextPost].seq <= upTo) postsAmong.push(posts[nextPost++]);
      const batch = postsAmong.length === 0 ? rows : [...rows, ...postsAmong].sort((a, b) => a.seq - b.seq);
      if (batch.length > 0) await this.send(readers, batch);
      if (!full) break;
      since = upTo;
    }
    // Every reader has had what was new up to the mark: the next wake-up reads from there, not from
    // the oldest place one quiet reader was left at.
    for (const reader of readers) reader.lastSeq = Math.max(reader.lastSeq, mark);
  }

  /** The `seq` up to which the inbox's rows, and what they are shown from, are all projected (a notification's seq is its event's position). */
  private async highWaterMark(): Promise<number> {
    const checkpoints = await Promise.all(SHOWN_FROM.map((name) => this.readStore.getCheckpoint(name)));
    return Math.min(...checkpoints.map((checkpoint) => Number(checkpoint ?? 0)));
  }

  /** Sends each reader what is new for it among `rows`: one text per reader and place, encoded once, written to each of its connections. */
  private async send(readers: readonly Reader[], rows: readonly NotificationDocument[]): Promise<void> {
    const groups = new Map<string, { readers: Reader[]; mine: NotificationDocument[] }>();
    for (const reader of readers) {
      const key = `${reader.actor.accountId}|${reader.lastSeq}`;
      const group = groups.get(key);
      if (group) group.readers.push(reader);
      else
        groups.set(key, {
          readers: [reader],
          mine: rows.filter((row) => row.recipientId === reader.actor.accountId && row.seq > reader.lastSeq),
        });
    }
    const reached = [...groups.values()].filter((group) => group.mine.length > 0);
    if (reached.length === 0) return;
    const view = await this.inbox.view(rows, [...new Set(reached.map((group) => group.readers[0].actor.accountId))]);
    let written = 0;
    for (const { readers: group, mine } of reached) {
      const message = new SseMessage(this.textFor(view, group[0].actor, mine));
      const lastSeq = mine[mine.length - 1].seq;
      for (const reader of group) {
        // The first turn lets what woke with this push answer first (a command waiting for these checkpoints).
        if (written++ % WRITE_SLICE === 0) await nextTurn();
        reader.lastSeq = lastSeq;
        reader.connection.send(message);
      }
    }
  }

  /** `mine` as `reader` may see them, then its unread count. */
  private textFor(view: InboxView, reader: Actor, mine: readonly NotificationDocument[]): string {
    let text = '';
    for (const notification of view.shown(mine, reader)) {
      text += `id: ${notification.seq}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`;
    }
    // The id moves even when every new row was left out, so a reconnect does not ask for them again.
    return `${text}id: ${mine[mine.length - 1].seq}\nevent: unread\ndata: ${JSON.stringify({ count: view.unreadCount(reader) })}\n\n`;
  }
}
