import { POST_MESSAGES } from '@app/contracts';
import { commentAdded, deciderSpec } from '@app/testing';
import type { Actor } from '../posts/authorization';
import type { AddComment, CommentCommand } from './commands';
import { commentDecider } from './decider';
import { ATTACHED_FILE_INVALID, COMMENT_NOT_FOUND, REPLIED_COMMENT_NOT_FOUND, REPLY_TO_OTHER_POST } from './errors';
import type { CommentEvent } from './events';

const spec = deciderSpec(commentDecider);

const author: Actor = { accountId: 'ada', roleId: 1 };
const other: Actor = { accountId: 'bob', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };
const now = new Date('2026-02-01T10:00:00.000Z');
const at = now.toISOString();

const add = (overrides: Partial<AddComment> = {}): CommentCommand => ({
  type: 'AddComment',
  id: 77,
  actor: author,
  post: { kind: 'article', id: 42, visibleToActor: true },
  postKind: 'article',
  postId: 42,
  parentId: -1,
  parent: null,
  content: '<p>Nice <strong>post</strong><script>alert(1)</script></p>',
  attachedFiles: [],
  attachedFileIds: [],
  moderation: 'post',
  now,
  ...overrides,
});

const added = commentAdded({ content: '<p>Nice <strong>post</strong></p>', at });
const image = (id: number, attachmentTypeId: number, uploaderId = 'ada') => ({ id, uploaderId, attachmentTypeId, deleted: false });
const deleted: CommentEvent = { type: 'CommentDeleted', data: { at, postId: 42 } };
const edit = (actor: Actor, content = '<p>Edited</p>', moderation: 'post' | 'pre' = 'post', postVisibleToActor = true): CommentCommand => ({
  type: 'EditComment',
  postKind: 'article',
  id: 77,
  actor,
  postVisibleToActor,
  content,
  moderation,
  now,
});
const approve = (actor: Actor, isApproved: boolean): CommentCommand => ({
  type: 'ApproveComment',
  postKind: 'article',
  id: 77,
  actor,
  postVisibleToActor: true,
  isApproved,
  now,
});
const remove = (actor: Actor, postVisibleToActor = true): CommentCommand => ({
  type: 'DeleteComment',
  postKind: 'article',
  id: 77,
  actor,
  postVisibleToActor,
  now,
});

describe('commentDecider', () => {
  describe('AddComment', () => {
    it('adds a sanitized, approved top-level comment under post-moderation', () => {
      spec.given([]).when(add()).then([added]);
    });

    it('records whom the comment mentions, each once and never its author; nothing when nobody', () => {
      spec
        .given([])
        .when(add({ mentionIds: ['carl', 'ada', 'carl', 'dora'] }))
        .then([{ ...added, data: { ...added.data, mentionIds: ['carl', 'dora'] } }]);
      spec
        .given([])
        .when(add({ mentionIds: ['ada'] }))
        .then([added]);
    });

    it('adds an unapproved comment under pre-moderation', () => {
      spec
        .given([])
        .when(add({ moderation: 'pre' }))
        .then([{ ...added, data: { ...added.data, isApproved: false } }]);
    });

    it('adds a question comment with its images', () => {
      spec
        .given([])
        .when(
          add({
            post: { kind: 'question', id: 9, visibleToActor: true },
            postKind: 'question',
            postId: 9,
            attachedFileIds: [5, 6, 5],
            attachedFiles: [image(5, 7), image(6, 7), image(5, 7)],
          }),
        )
        .then([{ ...added, data: { ...added.data, postKind: 'question', postId: 9, attachedFiles: [5, 6] } }]);
    });

    it('replies to a comment of the same post', () => {
      spec
        .given([])
        .when(add({ parentId: 70, parent: { postKind: 'article', postId: 42, deleted: false } }))
        .then([{ ...added, data: { ...added.data, parentId: 70 } }]);
    });

    it('refuses a post that does not exist, is deleted or is hidden from the commenter', () => {
      spec
        .given([])
        .when(add({ post: null }))
        .thenThrows('not_found', 'Article not found.');
      spec
        .given([])
        .when(add({ post: { kind: 'article', id: 42, visibleToActor: false } }))
        .thenThrows('not_found', 'Article not found.');
      spec
        .given([])
        .when(add({ post: null, postKind: 'question' }))
        .thenThrows('not_found', 'Question not found.');
    });

    it('refuses a reply to a comment of another post, or to a missing or deleted comment', () => {
      spec
        .given([])
        .when(add({ parentId: 70, parent: { postKind: 'article', postId: 43, deleted: false } }))
        .thenThrows('validation', REPLY_TO_OTHER_POST);
      spec
        .given([])
        .when(add({ parentId: 70, parent: { postKind: 'question', postId: 42, deleted: false } }))
        .thenThrows('validation', REPLY_TO_OTHER_POST);
      spec
        .given([])
        .when(add({ parentId: 70, parent: null }))
        .thenThrows('not_found', REPLIED_COMMENT_NOT_FOUND);
      spec
        .given([])
        .when(add({ parentId: 70, parent: { postKind: 'article', postId: 42, deleted: true } }))
        .thenThrows('not_found', REPLIED_COMMENT_NOT_FOUND);
    });

    it("refuses images that are not the commenter's own live comment images of this post kind", () => {
      const attach = (file: ReturnType<typeof image> | null) => add({ attachedFileIds: [5], attachedFiles: [file] });
      spec.given([]).when(attach(null)).thenThrows('validation', ATTACHED_FILE_INVALID);
      spec
        .given([])
        .when(attach(image(5, 7)))
        .thenThrows('validation', ATTACHED_FILE_INVALID);
      spec
        .given([])
        .when(attach(image(5, 4)))
        .thenThrows('validation', ATTACHED_FILE_INVALID);
      spec
        .given([])
        .when(attach(image(5, 6, 'bob')))
        .thenThrows('validation', ATTACHED_FILE_INVALID);
      spec
        .given([])
        .when(attach({ ...image(5, 6), deleted: true }))
        .thenThrows('validation', ATTACHED_FILE_INVALID);
      spec
        .given([])
        .when(attach(image(5, 6)))
        .then([{ ...added, data: { ...added.data, attachedFiles: [5] } }]);
    });

    it('refuses empty content with the SPEC message', () => {
      spec
        .given([])
        .when(add({ content: '<p> </p><script>x</script>' }))
        .thenThrows('validation', POST_MESSAGES.contentRequired);
    });

    it('refuses a second add on the same stream', () => {
      spec.given([added]).when(add()).thenThrows('conflict');
    });
  });

  describe('EditComment', () => {
    const edited: CommentEvent = { type: 'CommentEdited', data: { content: '<p>Edited</p>', at } };

    it('lets the author and admins edit', () => {
      spec.given([added]).when(edit(author)).then([edited]);
      spec.given([added]).when(edit(admin)).then([edited]);
    });

    it("records whom the edited text mentions, never the comment's author (whoever edits)", () => {
      spec
        .given([added])
        .when({ ...edit(admin), mentionIds: ['ada', 'root', 'carl'] } as CommentCommand)
        .then([{ type: 'CommentEdited', data: { content: '<p>Edited</p>', at, mentionIds: ['root', 'carl'] } }]);
    });

    it('refuses other users', () => {
      spec.given([added]).when(edit(other)).thenThrows('forbidden');
    });

    it("under pre-moderation, sends the author's edit of an approved comment back for approval; not an admin's, nor a waiting comment's", () => {
      spec
        .given([added])
        .when(edit(author, '<p>Edited</p>', 'pre'))
        .then([edited, { type: 'CommentUnapproved', data: { at, reason: 'edited', postId: 42 } }]);
      spec
        .given([added])
        .when(edit(admin, '<p>Edited</p>', 'pre'))
        .then([edited]);
      spec
        .given([added, { type: 'CommentUnapproved', data: { at } }])
        .when(edit(author, '<p>Edited</p>', 'pre'))
        .then([edited]);
    });

    it('changes nothing when the content is the same', () => {
      spec.given([added]).when(edit(author, added.data.content)).thenNothingHappened();
    });

    it('refuses empty content, and deleted or missing comments', () => {
      spec.given([added]).when(edit(author, '<p></p>')).thenThrows('validation', POST_MESSAGES.contentRequired);
      spec.given([added, deleted]).when(edit(author)).thenThrows('not_found', COMMENT_NOT_FOUND);
      spec.given([]).when(edit(author)).thenThrows('not_found', COMMENT_NOT_FOUND);
    });
  });

  describe('ApproveComment', () => {
    it('lets admins unapprove and approve again', () => {
      spec
        .given([added])
        .when(approve(admin, false))
        .then([{ type: 'CommentUnapproved', data: { at, postId: 42 } }]);
      spec
        .given([added, { type: 'CommentUnapproved', data: { at } }])
        .when(approve(admin, true))
        .then([{ type: 'CommentApproved', data: { at, postId: 42 } }]);
      spec.given([added]).when(approve(admin, true)).thenNothingHappened();
    });

    it('refuses anyone but admins, the author included', () => {
      spec.given([added]).when(approve(author, false)).thenThrows('forbidden');
    });
  });

  describe('DeleteComment', () => {
    it('lets the author and admins delete', () => {
      spec.given([added]).when(remove(author)).then([deleted]);
      spec.given([added]).when(remove(admin)).then([deleted]);
    });

    it('does not find an article comment under the question routes', () => {
      spec
        .given([added])
        .when({ type: 'DeleteComment', postKind: 'question', id: 77, actor: author, postVisibleToActor: true, now })
        .thenThrows('not_found', COMMENT_NOT_FOUND);
    });

    it('refuses other users and a second delete', () => {
      spec.given([added]).when(remove(other)).thenThrows('forbidden');
      spec.given([added, deleted]).when(remove(author)).thenThrows('not_found', COMMENT_NOT_FOUND);
    });

    it('does not find, for another user, a comment they cannot see (unapproved, or under a hidden post)', () => {
      const unapproved: CommentEvent = { type: 'CommentUnapproved', data: { at } };
      spec.given([added, unapproved]).when(remove(other)).thenThrows('not_found', COMMENT_NOT_FOUND);
      spec.given([added]).when(remove(other, false)).thenThrows('not_found', COMMENT_NOT_FOUND);
      spec
        .given([added])
        .when(edit(other, '<p>x</p>', 'post', false))
        .thenThrows('not_found', COMMENT_NOT_FOUND);
      spec.given([added, unapproved]).when(approve(other, true)).thenThrows('not_found', COMMENT_NOT_FOUND);
      spec.given([added, unapproved]).when(remove(author)).then([deleted]);
    });
  });
});
