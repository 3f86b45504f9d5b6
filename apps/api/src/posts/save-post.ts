import { Injectable } from '@nestjs/common';
import { POST_KINDS, postDecider, type Actor, type PostFields, type PostKind } from '@app/domain';
import { MentionedAccounts } from '../accounts/mentioned-accounts';
import { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
import { POST_READ_MODELS } from './post-kinds';

/** One save of the editor, creating a post (`draft`) or changing it (`edit`). */
export interface PostSave {
  step: 'draft' | 'edit';
  kind: PostKind;
  id: number;
  actor: Actor;
  fields: PostFields;
  isPublished: boolean;
  defaultImageId: number;
}

/** Creating and editing a post: one flow. */
@Injectable()
export class PostSaves {
  constructor(
    private readonly commands: EventSourcedCommands,
    private readonly mentions: MentionedAccounts,
  ) {}

  /** Decides and appends the save with every account its content mentions (the inbox tells them); answers once the post's read models show it. */
  async save({ step, kind, id, actor, fields, isPublished, defaultImageId }: PostSave): Promise<void> {
    const mentionIds = await this.mentions.in(fields.content);
    await this.commands.execute(
      POST_KINDS[kind].streamName(id),
      postDecider,
      { type: POST_KINDS[kind].commands[step], id, actor, fields, isPublished, defaultImageId, mentionIds },
      { actor: actor.accountId, settle: POST_READ_MODELS, newStream: step === 'draft' },
    );
  }
}
