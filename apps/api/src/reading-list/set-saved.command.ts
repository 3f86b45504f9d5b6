import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ReadingListResult } from '@app/contracts';
import { DomainError, POST_KINDS, readingListDecider, readingListStreamName, type Actor, type PostKind } from '@app/domain';
import type { ReadModelName } from '@app/projections';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { VisiblePosts } from '../shared/visible-post';

export const READING_LIST_READ_MODELS = ['reading-list'] as const satisfies readonly ReadModelName[];

/** Saves or unsaves a post on the caller's reading list; the stream is per post and reader, so saving twice is one save. */
export class SetSavedCommand extends Command<ReadingListResult> {
  constructor(
    readonly actor: Actor,
    readonly kind: PostKind,
    readonly postId: number,
    readonly isSaved: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetSavedCommand)
export class SetSavedHandler implements ICommandHandler<SetSavedCommand, ReadingListResult> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly posts: VisiblePosts,
  ) {}

  async execute({ actor, kind, postId, isSaved }: SetSavedCommand): Promise<ReadingListResult> {
    const postVisible = await this.isVisible(kind, postId, actor);
    await this.commands.execute(
      readingListStreamName(POST_KINDS[kind].entityType, postId, actor.accountId),
      readingListDecider,
      { type: 'SetSaved', kind, postId, postVisible, actor, isSaved },
      { actor: actor.accountId, settle: READING_LIST_READ_MODELS },
    );
    return { isSaved };
  }

  private async isVisible(kind: PostKind, postId: number, actor: Actor): Promise<boolean> {
    try {
      await this.posts.get(kind, postId, actor);
      return true;
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'not_found') return false;
      throw error;
    }
  }
}
