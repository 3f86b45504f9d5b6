import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

const CRLF = Buffer.from('\r\n');

/** One server-sent-events text, encoded once (and framed as a chunk once) for every connection it goes to. */
export class SseMessage {
  readonly bytes: Buffer;
  private chunk?: Buffer;

  constructor(text: string) {
    this.bytes = Buffer.from(text);
  }

  /** As one HTTP/1.1 chunk. */
  get chunked(): Buffer {
    return (this.chunk ??= Buffer.concat([Buffer.from(`${this.bytes.length.toString(16)}\r\n`), this.bytes, CRLF]));
  }
}

/**
 * One open event stream. Once its headers are out, a message goes straight to the socket, framed
 * as the response would frame it (a chunk; as it is for an HTTP/1.0 client, read until the close):
 * one socket write per connection, without the per-write work of Express's response and of
 * compression()'s wrapper, which a push to thousands of connections paid for each. A response not
 * yet holding its socket (a request pipelined behind another), or one a compressor encodes, writes
 * through the response.
 */
export class SseConnection {
  private readonly socket: Socket | null;
  private readonly chunked: boolean;

  constructor(private readonly response: ServerResponse) {
    response.statusCode = 200;
    response.setHeader('Content-Type', 'text/event-stream');
    response.setHeader('Cache-Control', 'private, no-store, no-transform');
    response.setHeader('Connection', 'keep-alive');
    response.setHeader('X-Accel-Buffering', 'no');
    response.flushHeaders();
    // Assigned only while this response is the socket's current one: the headers went straight to it.
    // An encoded response (a compressor that took the stream after all) is written through its encoder.
    this.socket = response.getHeader('Content-Encoding') === undefined ? (response.socket ?? null) : null;
    this.chunked = response.chunkedEncoding;
  }

  send(message: SseMessage): void {
    if (this.socket) {
      if (this.socket.writable) this.socket.write(this.chunked ? message.chunked : message.bytes);
      return;
    }
    this.response.write(message.bytes);
    // compression() buffers text/event-stream unless told to flush.
    (this.response as ServerResponse & { flush?: () => void }).flush?.();
  }

  end(): void {
    this.response.end();
  }
}
