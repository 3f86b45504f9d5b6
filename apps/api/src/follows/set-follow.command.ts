import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { FollowResult } from '@app/contracts';
import { findTag, followDecider, followStreamName, type Actor, type FollowTarget } from '@app/domain';
import type { ReadModelName } from '@app/projections';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { ProfileReader } from '../profiles/profile-reader';
import { FollowCounts } from '../shared/follow-counts';

/** What a follow changes that the next reads show: the follows themselves (lists, counts). */
export const FOLLOW_READ_MODELS = ['follows'] as const satisfies readonly ReadModelName[];

export type FollowSubject = { kind: 'user'; userName: string } | { kind: 'tag'; tagId: number };

/**
 * Follows or unfollows a person (by user name) or a tag for the caller. The follow stream is per
 * target and follower and appended with its expected revision: following twice is one follow.
 */
export class SetFollowCommand extends Command<FollowResult> {
  constructor(
    readonly actor: Actor,
    readonly subject: FollowSubject,
    readonly isFollowing: boolean,
  ) {
    super();
  }
}

@CommandHandler(SetFollowCommand)
export class SetFollowHandler implements ICommandHandler<SetFollowCommand, FollowResult> {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly profiles: ProfileReader,
    private readonly counts: FollowCounts,
  ) {}

  async execute({ actor, subject, isFollowing }: SetFollowCommand): Promise<FollowResult> {
    const { target, targetExists } = await this.resolve(subject);
    await this.commands.execute(
      followStreamName(target, actor.accountId),
      followDecider,
      { type: 'SetFollow', target, targetExists, actor, isFollowing },
      { actor: actor.accountId, settle: FOLLOW_READ_MODELS },
    );
    return { isFollowing, followers: await this.counts.followers(target) };
  }

  /** A user name that names nobody (or an erased person) is a 404, as on every profile route. */
  private async resolve(subject: FollowSubject): Promise<{ target: FollowTarget; targetExists: boolean }> {
    if (subject.kind === 'tag')
      return { target: { kind: 'tag', tagId: subject.tagId }, targetExists: findTag(subject.tagId) !== undefined };
    const account = await this.profiles.accountOf(subject.userName);
    return { target: { kind: 'user', accountId: account.id }, targetExists: true };
  }
}
