import { AsyncLocalStorage } from 'node:async_hooks';
import type { RepeatableCommand } from '@app/event-store';

/**
 * The command of a request sent with an Idempotency-Key, as every attempt of it sees it: the same
 * event ids (RepeatableCommand) and the same new ids, reserved when its key was first claimed and
 * kept with the claim. Set by the idempotency interceptor around the handler.
 */
export interface KeyedRequest {
  readonly command: RepeatableCommand;
  /** The first of the post ids reserved for the request; its handler takes them in order. */
  readonly firstId: number;
  readonly idCount: number;
  idsTaken: number;
  /** Set once one of its appends is stored, now or by an earlier attempt. */
  appended: boolean;
}

const keyedRequests = new AsyncLocalStorage<KeyedRequest>();

/** Runs `work` (the handling of a keyed request) with `keyed` as the current keyed request. */
export const withKeyedRequest = <T>(keyed: KeyedRequest, work: () => T): T => keyedRequests.run(keyed, work);

/** The keyed request being handled, if any. */
export const currentKeyedRequest = (): KeyedRequest | undefined => keyedRequests.getStore();

/** The keyed request's next reserved id, the same on each attempt; undefined outside a keyed request. */
export function nextReservedId(): number | undefined {
  const keyed = keyedRequests.getStore();
  if (!keyed) return undefined;
  if (keyed.idsTaken >= keyed.idCount) throw new Error(`A command sent with an Idempotency-Key creates at most ${keyed.idCount} ids.`);
  return keyed.firstId + keyed.idsTaken++;
}
