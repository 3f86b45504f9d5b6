import type { DomainEvent } from '../shared/decider';
import type { ToggleEvent } from '../shared/toggle';

/** Whom or what one follows: a person (by opaque account id) or a tag. */
export type FollowTarget = { kind: 'user'; accountId: string } | { kind: 'tag'; tagId: number };

/**
 * One person's follow of one person or tag. The stream is per (target, follower), appended with
 * its expected revision, so following twice is one follow and different followers never contend.
 */
export interface FollowData {
  target: FollowTarget;
  /** The follower's opaque account id. */
  followerId: string;
  at: string;
}

export type Followed = DomainEvent<'Followed', FollowData>;
export type FollowEvent = ToggleEvent<'Followed', 'Unfollowed', FollowData>;

export const FOLLOW_EVENTS: readonly FollowEvent['type'][] = ['Followed', 'Unfollowed'];

export const FOLLOW_STREAM_PREFIX = 'follow-';

/** `user:<accountId>` or `tag:<tagId>`: one scalar key per target, for indexes and lookups. */
export const followTargetKey = (target: FollowTarget) => (target.kind === 'user' ? `user:${target.accountId}` : `tag:${target.tagId}`);

/** `follow-user-<accountId>-<followerId>` or `follow-tag-<tagId>-<followerId>`. */
export const followStreamName = (target: FollowTarget, followerId: string) =>
  `${FOLLOW_STREAM_PREFIX}${followTargetKey(target).replace(':', '-')}-${followerId}`;
