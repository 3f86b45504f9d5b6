import type { FlagAction, FlagReason } from '@app/contracts';
import type { Actor } from '../posts/authorization';

/** What the flag rules need to know of the flagger, read from their account before deciding. */
export interface Flagger {
  emailConfirmed: boolean;
  /** ISO instant of the signup. */
  registeredAt: string;
}

export interface FlagItem {
  type: 'FlagItem';
  entityType: number;
  id: number;
  actor: Actor;
  flagger: Flagger;
  /** Whether the flagger can see the item (a comment's post included): else it is not there for them. */
  visibleToActor: boolean;
  reason: FlagReason;
  note: string;
  now: Date;
}

export interface ResolveFlags {
  type: 'ResolveFlags';
  entityType: number;
  id: number;
  actor: Actor;
  action: FlagAction;
  note: string;
  now: Date;
}

export type FlagCommand = FlagItem | ResolveFlags;
