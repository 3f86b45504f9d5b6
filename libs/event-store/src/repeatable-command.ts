import { createHmac } from 'node:crypto';

/**
 * A command that may arrive again (an HTTP request retried with its Idempotency-Key): every
 * attempt gives its events the same ids, so the store holds them once, and an attempt that finds
 * them already stored knows the command has happened (`decideAndAppend` then answers from the
 * stream instead of deciding again).
 */
export interface RepeatableCommand {
  /** The same on every attempt: the `causationId` of the command's events. */
  readonly id: string;
  /**
   * The ids of the command's next append to `streamName` (the n-th append of this command to that
   * stream gets the n-th set), by index of the event in the append. Called once per append.
   */
  eventIdsFor(streamName: string): (index: number) => string;
}

/**
 * A RepeatableCommand whose ids are an HMAC of `seed` (a secret the caller derives from who sent
 * the command and its key) with the stream, the append's ordinal and the event's index. The ids
 * are UUIDs (version 8, RFC 9562's custom layout), as EventStoreDB wants them.
 */
export function repeatableCommand(seed: string | Buffer): RepeatableCommand {
  const appendsPerStream = new Map<string, number>();
  const derive = (text: string) => uuidFrom(createHmac('sha256', seed).update(text).digest());
  return {
    id: derive('command'),
    eventIdsFor(streamName) {
      const ordinal = appendsPerStream.get(streamName) ?? 0;
      appendsPerStream.set(streamName, ordinal + 1);
      return (index) => derive(`event\n${streamName}\n${ordinal}\n${index}`);
    },
  };
}

function uuidFrom(digest: Buffer): string {
  const bytes = Buffer.from(digest.subarray(0, 16));
  bytes[6] = (bytes[6] & 0x0f) | 0x80; // version 8
  bytes[8] = (bytes[8] & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
