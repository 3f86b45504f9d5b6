import { Command } from '@nestjs/cqrs';
import type { Actor, PostKind } from '@app/domain';

/**
 * An admin approves or unapproves an item of a post kind (the post, or one of its comments);
 * setting the current value changes nothing. Each item has its own command class, which the
 * command bus routes to its handler.
 */
export abstract class ApprovalCommand extends Command<true> {
  constructor(
    readonly kind: PostKind,
    readonly actor: Actor,
    readonly id: number,
    readonly isApproved: boolean,
  ) {
    super();
  }
}
