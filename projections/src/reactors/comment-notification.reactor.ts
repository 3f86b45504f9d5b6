import {
  accountDecider,
  accountRecordOf,
  accountStreamName,
  buildUnsubscribeLink,
  commentDecider,
  commentOf,
  postDecider,
  commentStreamName,
  POST_KINDS,
  TOP_LEVEL_PARENT_ID,
  type AccountPersonalData,
  type CommentAdded,
  type PostKind,
} from '@app/domain';
import { foldRecorded, loadStream, type EventStore, type RecordedEvent } from '@app/event-store';
import { SEND_MAIL, type SendMailJob } from '@app/mail';
import type { PersonalDataVault } from '@app/personal-data';
import type { JobQueue } from '@app/queue';
import { PoisonEvent, poisonIfThrows, type Reactor } from '../projection';
import { commentNotificationMail } from './comment-notification-mails';

export interface CommentNotificationDependencies {
  eventStore: EventStore;
  vault: PersonalDataVault;
  queue: JobQueue;
  publicUrl: string;
  credentialLinkSecret: string;
  /** Now, to tell a stale comment from a fresh one; default the system clock. */
  clock?: () => Date;
}

/**
 * A comment older than this when the reactor reaches it is not mailed any more: news that late is
 * noise, and it keeps every send inside the queue's idempotency window (at least 30 days, see
 * JobQueue), so a replay from an old or lost checkpoint sends nothing twice.
 */
export const COMMENT_NOTIFICATION_MAX_AGE_MS = 2 * 24 * 3600 * 1000;

/**
 * Mails the author of the post (or, for a reply, of the parent comment) when someone else comments.
 * The job id is the event id, so a replay enqueues nothing twice; a comment older than
 * COMMENT_NOTIFICATION_MAX_AGE_MS is not mailed at all. Who to write to, and whether they
 * wanted it then (CommentNotificationsTurnedOff before the comment), is read from the streams;
 * the message is sealed with the recipient's key, like every queued mail. Run outside the read
 * store's transactions (see Reactor): a store or queue away holds it; a malformed event is poison.
 */
export function commentNotificationReactor(deps: CommentNotificationDependencies): Reactor {
  /**
   * The account now (its personal data: gone once erased), and whether it wanted comment mail when
   * the comment was made: a replay must decide as the first run did, not send what was once skipped.
   */
  const accountOf = async (accountId: string, asOf: bigint) => {
    const recorded = await deps.eventStore.readStream(accountStreamName(accountId));
    const state = foldRecorded(accountDecider, recorded);
    const stateThen = foldRecorded(
      accountDecider,
      recorded.filter((event) => event.position <= asOf),
    );
    const personal = state.status === 'registered' ? await deps.vault.open<AccountPersonalData>(accountId, state.account.sealed) : null;
    return { personal, wanted: accountRecordOf(stateThen)?.commentNotifications ?? true };
  };

  const postOf = async (kind: PostKind, id: number) => {
    const { state } = await loadStream(deps.eventStore, POST_KINDS[kind].streamName(id), postDecider);
    return state.status === 'initial' ? { authorId: '', title: '' } : { authorId: state.post.authorId, title: state.post.fields.title };
  };

  return {
    name: 'comment-notification',
    version: 1,
    reactor: true,
    collections: [],
    handles: ['CommentAdded'] satisfies CommentAdded['type'][],
    async apply(recorded: RecordedEvent) {
      const { id, postKind, postId, parentId, authorId: commenterId, at } = recorded.data as CommentAdded['data'];
      if (!(postKind in POST_KINDS)) throw new PoisonEvent(`CommentAdded on an unknown post kind: ${String(postKind)}`);
      const now = (deps.clock ?? (() => new Date()))();
      if (now.getTime() - Date.parse(at) > COMMENT_NOTIFICATION_MAX_AGE_MS) return;
      const post = await postOf(postKind, postId);
      const isReply = parentId !== TOP_LEVEL_PARENT_ID;
      const recipientId = isReply
        ? commentOf((await loadStream(deps.eventStore, commentStreamName(parentId), commentDecider)).state)?.authorId
        : post.authorId;
      if (!recipientId || recipientId === commenterId) return;

      const recipient = await accountOf(recipientId, recorded.position);
      const { personal } = recipient;
      if (!personal || !recipient.wanted) return; // erased, or unsubscribed
      const commenter = await accountOf(commenterId, recorded.position);

      const mail = poisonIfThrows(() => {
        const { label } = POST_KINDS[postKind];
        const base = deps.publicUrl.endsWith('/') ? deps.publicUrl : `${deps.publicUrl}/`;
        const commentLink = new URL(`${label.toLowerCase()}/${postId}#comment-${id}`, base).toString();
        return commentNotificationMail({
          to: personal.email,
          name: personal.name,
          commenter: commenter.personal?.name ?? 'Someone',
          kind: isReply ? 'reply' : 'comment',
          postLabel: postKind,
          postTitle: post.title,
          commentLink,
          unsubscribeLink: buildUnsubscribeLink(deps.publicUrl, recipientId, deps.credentialLinkSecret),
        });
      });
      // The mail names the commenter: erasing them drops it from the queue and the mail folder (MailMessage.about).
      const about = commenter.personal ? [recipientId, commenterId] : [recipientId];
      const job: SendMailJob = { accountId: recipientId, sealed: await deps.vault.seal(recipientId, { ...mail, about }) };
      await deps.queue.enqueue({ id: recorded.id, name: SEND_MAIL, data: job });
    },
  };
}
