import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { NOTIFICATIONS_COLLECTION, ProjectionRunner, type NotificationDocument, type ReadModelName } from '@app/projections';
import type { Response } from 'express';
import { READ_STORE } from '../infrastructure/tokens';
import { NotificationInbox } from './notification-inbox';

export const HEARTBEAT_MS = 25_000;
/** Rows read at once for every connected reader. */
const PUSH_PAGE = 500;
/** Its checkpoint is the inbox's high-water mark: nothing newer than it can be in the inbox yet. */
const NOTIFICATIONS: ReadModelName = 'notifications';
const HEARTBEAT = Buffer.from(': heartbeat\n\n');

interface Reader {
  actor: Actor;
  response: Response;
  /** Everything up to this `seq` is behind this connection: sent, left out, or there before it opened (or, on a reconnect, sent before). */
  lastSeq: number;
}

/**
 * The live inbox (issue 26): every open stream of this process, pushed what is new whenever a
 * projection checkpoint moves, here or in another process (the checkpoint channel). A wake-up
 * whose notifications checkpoint has not passed what the readers were pushed costs one read; else
 * one query for all connected readers, then per reader (its connections at one place alike) one
 * text, encoded once and written to each of its sockets: no per-socket reads. A reconnect resumes
 * after its Last-Event-ID (a notification's seq).
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
    runner: ProjectionRunner,
  ) {
    this.stopListening = runner.onCheckpointMoved(() => void this.push());
    this.heartbeat = setInterval(() => {
      for (const reader of this.readers) this.write(reader, HEARTBEAT);
      // Also the fallback where no channel wakes this process (MongoDB without Redis).
      void this.push();
    }, HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Opens `response` as `actor`'s stream: the unread count now, then anything after `lastSeq`. */
  async open(actor: Actor, response: Response, lastSeq: number | null): Promise<void> {
    response.status(200);
    response.setHeader('Content-Type', 'text/event-stream');
    response.setHeader('Cache-Control', 'private, no-store, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    // What the inbox held when the stream opened is behind it (the unread count below stands for it).
    const reader: Reader = { actor, response, lastSeq: lastSeq ?? (await this.highWaterMark()) };
    this.readers.add(reader);
    response.on('close', () => this.readers.delete(reader));
    this.write(reader, 'retry: 3000\n\n');
    this.write(reader, `event: unread\ndata: ${JSON.stringify({ count: await this.inbox.unreadCount(actor) })}\n\n`);
    if (lastSeq !== null) await this.push();
  }

  onModuleDestroy(): void {
    this.stopListening();
    clearInterval(this.heartbeat);
    for (const reader of this.readers) reader.response.end();
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
    // Page by seq: a wake-up may bring more rows than one read returns (a post to many connected followers).
    for (;;) {
      const rows = await this.readStore.find<NotificationDocument>(
        NOTIFICATIONS_COLLECTION,
        { recipientId: { $in: recipients }, seq: { $gt: since } },
        { sort: [['seq', 1]], limit: PUSH_PAGE },
      );
      if (rows.length > 0) await this.send(readers, rows);
      if (rows.length < PUSH_PAGE) break;
      since = rows[rows.length - 1].seq;
    }
    // Every reader has had what was new up to the mark: the next wake-up reads from there, not from
    // the oldest place one quiet reader was left at.
    for (const reader of readers) reader.lastSeq = Math.max(reader.lastSeq, mark);
  }

  /** The `seq` nothing in the inbox is newer than (a notification's seq is its event's position). */
  private async highWaterMark(): Promise<number> {
    return Number((await this.readStore.getCheckpoint(NOTIFICATIONS)) ?? 0);
  }

  /** Sends each reader what is new for it among `rows`: one text per reader and place, encoded once, written to each of its connections. */
  private async send(readers: readonly Reader[], rows: readonly NotificationDocument[]): Promise<void> {
    const groups = new Map<string, Reader[]>();
    for (const reader of readers) {
      const key = `${reader.actor.accountId}|${reader.lastSeq}`;
      const group = groups.get(key);
      if (group) group.push(reader);
      else groups.set(key, [reader]);
    }
    for (const group of groups.values()) {
      const sent = await this.textFor(group[0], rows);
      if (sent === null) continue;
      const bytes = Buffer.from(sent.text);
      for (const reader of group) {
        reader.lastSeq = sent.lastSeq;
        this.write(reader, bytes);
      }
    }
  }

  /** What is new for `reader` among `rows` (its notifications, then its unread count), or null when nothing is. */
  private async textFor(reader: Reader, rows: readonly NotificationDocument[]): Promise<{ text: string; lastSeq: number } | null> {
    const mine = rows.filter((row) => row.recipientId === reader.actor.accountId && row.seq > reader.lastSeq);
    if (mine.length === 0) return null;
    const lastSeq = mine[mine.length - 1].seq;
    let text = '';
    for (const notification of await this.inbox.shown(mine, reader.actor)) {
      text += `id: ${notification.seq}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`;
    }
    // The id moves even when every new row was left out, so a reconnect does not ask for them again.
    text += `id: ${lastSeq}\nevent: unread\ndata: ${JSON.stringify({ count: await this.inbox.unreadCount(reader.actor) })}\n\n`;
    return { text, lastSeq };
  }

  private write(reader: Reader, text: string | Buffer): void {
    reader.response.write(text);
    // compression() buffers text/event-stream unless told to flush.
    (reader.response as Response & { flush?: () => void }).flush?.();
  }
}
