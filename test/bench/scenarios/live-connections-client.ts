/**
 * The live-connections scenario's client (forked by it, several at once): opens its share of the
 * notification streams and reports when each read its first `notification` event, so the scenario's
 * own process does not read thousands of sockets on the event loop it measures from.
 *
 * Messages: in `{ type: 'open', siteUrl, tickets, atOnce }` (a ticket per connection), then per
 * notification `{ type: 'arm' }` before it is caused, and `{ type: 'report' }` to report early; out
 * `{ type: 'opened' }`, then per armed round `{ type: 'notified', at }` (each connection's time, ms
 * since the epoch, or null) once every one read a `notification` event after the arming, or when asked.
 */
import { request, type ClientRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

export type ClientCommand = { type: 'open'; siteUrl: string; tickets: string[]; atOnce: number } | { type: 'arm' } | { type: 'report' };
export type ClientReport =
  { type: 'opened' } | { type: 'armed' } | { type: 'notified'; at: (number | null)[] } | { type: 'failed'; error: string };

interface LiveConnection {
  request: ClientRequest;
  opened: Promise<void>;
  notifiedAt: number | null;
  /** What the stream sent since the last arming (its tail). */
  text: string;
  armed: boolean;
}

function openStream(siteUrl: string, ticket: string, onNotified: () => void): LiveConnection {
  let markOpened!: () => void;
  let failOpen!: (error: Error) => void;
  const opened = new Promise<void>((resolve, reject) => ((markOpened = resolve), (failOpen = reject)));
  const url = new URL(`/api/Notification/Stream?ticket=${encodeURIComponent(ticket)}`, siteUrl);
  const connection: LiveConnection = { request: undefined as unknown as ClientRequest, opened, notifiedAt: null, text: '', armed: false };
  connection.request = request(url, { agent: false, headers: { Accept: 'text/event-stream' } }, (response) => {
    if (response.statusCode !== 200) return failOpen(new Error(`the stream answered ${response.statusCode}`));
    response.setEncoding('utf8').on('data', (chunk: string) => {
      connection.text += chunk;
      // The unread count is sent once the stream is registered: from then on it is pushed to.
      if (connection.text.includes('event: unread')) markOpened();
      if (connection.armed && connection.text.includes('event: notification')) {
        connection.armed = false;
        connection.notifiedAt = performance.timeOrigin + performance.now();
        onNotified();
      }
      if (connection.text.length > 4096) connection.text = connection.text.slice(-1024);
    });
  });
  connection.request.on('error', (error) => failOpen(error));
  connection.request.end();
  return connection;
}

const connections: LiveConnection[] = [];
let waiting = 0;
const send = (report: ClientReport) => process.send!(report);
const report = () => send({ type: 'notified', at: connections.map((connection) => connection.notifiedAt) });
const onNotified = () => {
  waiting -= 1;
  if (waiting === 0) report();
};

/** Every connection waits for its next `notification` event. */
function arm(): void {
  waiting = connections.length;
  for (const connection of connections) Object.assign(connection, { armed: true, text: '', notifiedAt: null });
}

async function open({ siteUrl, tickets, atOnce }: { siteUrl: string; tickets: string[]; atOnce: number }): Promise<void> {
  for (let start = 0; start < tickets.length; start += atOnce) {
    const batch = tickets.slice(start, start + atOnce).map((ticket) => openStream(siteUrl, ticket, onNotified));
    connections.push(...batch);
    await Promise.all(batch.map((connection) => connection.opened));
  }
  send({ type: 'opened' });
}

// Only when forked (the bench's load check requires every scenario file, this one too).
if (process.send) {
  process.on('message', (command: ClientCommand) => {
    if (command.type === 'report') report();
    else if (command.type === 'arm') {
      arm();
      send({ type: 'armed' });
    } else open(command).catch((error: unknown) => send({ type: 'failed', error: String(error) }));
  });
  process.on('disconnect', () => process.exit(0));
}
