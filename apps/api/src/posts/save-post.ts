import { POST_KINDS, postDecider, type Actor, type PostFields, type PostKind } from '@app/domain';
import type { EventSourcedCommands } from '../infrastructure/event-sourced-commands';
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
  /** Every account the content mentions (the inbox tells them). */
  mentionIds?: string[];
}

/** Decides and appends the save, then waits until the post's read models show it (read-your-writes). */
export async function savePost(
  commands: EventSourcedCommands,
  { step, kind, id, actor, fields, isPublished, defaultImageId, mentionIds }: PostSave,
): Promise<void> {
  await commands.execute(
    POST_KINDS[kind].streamName(id),
    postDecider,
    {
      type: POST_KINDS[kind].commands[step],
      id,
      actor,
      fields,
      isPublished,
      defaultImageId,
      mentionIds,
    },
    { actor: actor.accountId, settle: POST_READ_MODELS },
  );
}
