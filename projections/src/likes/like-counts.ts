import { POST_KINDS, postKindOf, type LikeEvent } from '@app/domain';
import type { RecordedEvent } from '@app/event-store';
import type { ReadStoreTransaction } from '@app/read-store';

export const LIKE_EVENTS: LikeEvent['type'][] = ['Liked', 'Unliked'];

/**
 * The likes count of a read model's item, kept by the projections that show it (home, post view,
 * comments). A like stream alternates Liked and Unliked (its decider refuses a second like), so
 * adding one and taking one away keeps the count exact whatever the interleaving of users.
 * `documentIdOf` names the document of the liked item in `collection`, or null when the entity
 * type is not this read model's.
 */
export async function applyLikeEvent(
  recorded: RecordedEvent,
  tx: ReadStoreTransaction,
  collection: string,
  documentIdOf: (entityType: number, targetId: number) => string | null,
): Promise<void> {
  const event = { type: recorded.type, data: recorded.data } as LikeEvent;
  const id = documentIdOf(event.data.entityType, event.data.targetId);
  if (id === null) return;
  const document = await tx.get<{ id: string; likes: number }>(collection, id);
  if (!document) return;
  await tx.upsert(collection, { ...document, likes: likesAfter(document.likes, event) });
}

/** An item's like count after one like or unlike of it. */
export const likesAfter = (likes: number, event: LikeEvent): number => Math.max(0, likes + (event.type === 'Liked' ? 1 : -1));

export const isLikeEvent = (type: string): boolean => (LIKE_EVENTS as string[]).includes(type);

/** A post's stream name, which is its document id in home and the post views; null for comment likes. */
export function postDocumentIdOf(entityType: number, targetId: number): string | null {
  const kind = postKindOf(entityType);
  return kind ? POST_KINDS[kind].streamName(targetId) : null;
}
