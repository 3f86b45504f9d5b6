import { Injectable } from '@nestjs/common';
import { POST_KINDS, postDecider, referencedPostKindOf, visiblePostOf, type AttachmentTypeId, type ReferencedPost } from '@app/domain';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';

/** The post a file hangs off, as its own stream knows it now (not a read model that may lag). */
@Injectable()
export class ReferencedPosts {
  constructor(private readonly commands: EventSourcedCommands) {}

  /** Null when the type takes no post, the id names none, or no such post was ever created. */
  async load(type: AttachmentTypeId, referenceId: number): Promise<ReferencedPost | null> {
    const kind = referencedPostKindOf(type);
    if (kind === null || referenceId <= 0) return null;
    const { state } = await this.commands.load(POST_KINDS[kind].streamName(referenceId), postDecider);
    return visiblePostOf(state);
  }
}
