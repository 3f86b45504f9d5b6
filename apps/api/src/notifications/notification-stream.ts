import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Actor } from '@app/domain';
import type { ReadStore } from '@app/read-store';
import { NOTIFICATIONS_COLLECTION, ProjectionRunner, type NotificationDocument } from '@app/projections';
import type { Response } from 'express';
import { READ_STORE } from '../infrastructure/tokens';
import { NotificationInbox } from './notification-inbox';

export const HEARTBEAT_MS = 25_000;
/** Rows read at once for every connected reader. */
const PUSH_PAGE = 500;

interface Reader {
  actor: Actor;
  response: Response;
  /** The highest `seq` this connection has been sent (or, on a reconnect, had been sent before). */
  lastSeq: number;
}

/**
 * The live inbox (issue 26): every open stream of this process, pushed what is new whenever a
 * projection checkpoint moves, here or in another process (the checkpoint channel). One query per
 * wake-up for all connected readers; a reconnect resumes after its Last-Event-ID (a notification's seq).
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
      for (const reader of this.readers) this.write(reader, ': heartbeat\n\n');
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
    const latest = await this.readStore.find<NotificationDocument>(
      NOTIFICATIONS_COLLECTION,
      { recipientId: actor.accountId },
      { sort: [['seq', -1]], limit: 1 },
    );
    const reader: Reader = { actor, response, lastSeq: lastSeq ?? latest[0]?.seq ?? 0 };
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
    const recipients = [...new Set(readers.map((reader) => reader.actor.accountId))];
    // Page by seq: a wake-up may bring more rows than one read returns (a post to many connected followers).
    let since = Math.min(...readers.map((reader) => reader.lastSeq));
    for (;;) {
      const rows = await this.readStore.find<NotificationDocument>(
        NOTIFICATIONS_COLLECTION,
        { recipientId: { $in: recipients }, seq: { $gt: since } },
        { sort: [['seq', 1]], limit: PUSH_PAGE },
      );
      if (rows.length > 0) await this.send(readers, rows);
      if (rows.length < PUSH_PAGE) return;
      since = rows[rows.length - 1].seq;
    }
  }

  /** Sends each reader what is new for it among `rows`. */
  private async send(readers: readonly Reader[], rows: readonly NotificationDocument[]): Promise<void> {
    // The connections of one reader at one place (tabs, devices) are sent the same text: made once for them all.
    const texts = new Map<string, Promise<{ text: string; lastSeq: number } | null>>();
    for (const reader of readers) {
      const key = `${reader.actor.accountId}|${reader.lastSeq}`;
      let text = texts.get(key);
      if (!text) {
        text = this.textFor(reader, rows);
        texts.set(key, text);
      }
      const sent = await text;
      if (sent === null) continue;
      reader.lastSeq = sent.lastSeq;
      this.write(reader, sent.text);
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

  private write(reader: Reader, text: string): void {
    reader.response.write(text);
    // compression() buffers text/event-stream unless told to flush.
    (reader.response as Response & { flush?: () => void }).flush?.();
  }
}
