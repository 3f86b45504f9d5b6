import { deciderSpec } from '@app/testing';
import { ANSWER_NOT_ON_QUESTION, type AcceptAnswer, type AnswerCandidate } from './accepted-answer';
import type { Actor } from './authorization';
import { postDecider } from './post-decider';
import type { PostEvent } from './post-events';
import { QUESTION_NOT_FOUND } from './post-kinds';

const spec = deciderSpec(postDecider);

const asker: Actor = { accountId: 'ada', roleId: 1 };
const answerer: Actor = { accountId: 'bob', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };
const now = new Date('2025-03-02T12:30:00.000Z');
const at = now.toISOString();
const id = 42;

const asked: PostEvent = {
  type: 'QuestionAsked',
  data: { id, authorId: 'ada', title: 'Why?', categoryId: 110, tags: [], content: '<p>x</p>', isApproved: true, at },
};
const answer: AnswerCandidate = { id: 7, postKind: 'question', postId: id, authorId: 'bob', deleted: false, isApproved: true };
const accept = (actor: Actor, comment: AnswerCandidate | null, commentId = comment?.id ?? null): AcceptAnswer => ({
  type: 'AcceptAnswer',
  id,
  actor,
  commentId,
  comment,
  now,
});
const accepted = { type: 'QuestionAnswerAccepted' as const, data: { commentId: 7, commentAuthorId: 'bob', at } };
const cleared = { type: 'QuestionAcceptedAnswerCleared' as const, data: { at } };

describe('postDecider: accepted answers (issue 27)', () => {
  it("given a question, when its author accepts a comment on it, then the answer is accepted with the comment's author", () => {
    spec.given([asked]).when(accept(asker, answer)).then([accepted]);
  });

  it('given a question, when an admin accepts a comment on it, then the answer is accepted', () => {
    spec.given([asked]).when(accept(admin, answer)).then([accepted]);
  });

  it('given a question, when someone else accepts a comment on it, then 403', () => {
    spec.given([asked]).when(accept(answerer, answer)).thenThrows('forbidden');
  });

  it('given an accepted answer, when it is accepted again, then nothing happens', () => {
    spec.given([asked, accepted]).when(accept(asker, answer)).thenNothingHappened();
  });

  it('given an accepted answer, when another comment is accepted, then that one is accepted', () => {
    const other = { ...answer, id: 8, authorId: 'cy' };
    spec
      .given([asked, accepted])
      .when(accept(asker, other))
      .then([{ type: 'QuestionAnswerAccepted', data: { commentId: 8, commentAuthorId: 'cy', at } }]);
  });

  it('given an accepted answer, when its author or an admin clears it, then it is cleared', () => {
    spec.given([asked, accepted]).when(accept(asker, null)).then([cleared]);
    spec.given([asked, accepted]).when(accept(admin, null)).then([cleared]);
  });

  it('given an accepted answer, when someone else clears it, then 403', () => {
    spec.given([asked, accepted]).when(accept(answerer, null)).thenThrows('forbidden');
  });

  it('given no accepted answer, when it is cleared, then nothing happens', () => {
    spec.given([asked, accepted, cleared]).when(accept(asker, null)).thenNothingHappened();
  });

  it('given a question, when a comment of another post is accepted, then 400', () => {
    spec
      .given([asked])
      .when(accept(asker, { ...answer, postId: 43 }))
      .thenThrows('validation', ANSWER_NOT_ON_QUESTION);
    spec
      .given([asked])
      .when(accept(asker, { ...answer, postKind: 'article' }))
      .thenThrows('validation', ANSWER_NOT_ON_QUESTION);
  });

  it('given a question, when a deleted, unapproved or missing comment is accepted, then 404', () => {
    spec
      .given([asked])
      .when(accept(asker, { ...answer, deleted: true }))
      .thenThrows('not_found', 'Comment not found.');
    spec
      .given([asked])
      .when(accept(asker, { ...answer, isApproved: false }))
      .thenThrows('not_found', 'Comment not found.');
    spec
      .given([asked])
      .when(accept(asker, null, 99))
      .thenThrows('not_found', 'Comment not found.');
  });

  it('given no question (or an article id), when an answer is accepted, then 404 before any 403', () => {
    spec.given([]).when(accept(answerer, answer)).thenThrows('not_found', QUESTION_NOT_FOUND);
  });

  describe('the deleted-answer policy', () => {
    const clearDeleted = (commentId: number) => ({ type: 'ClearDeletedAnswer' as const, id, commentId, now });

    it('given an accepted answer, when that comment is deleted, then the accepted answer is cleared, naming the deleted comment', () => {
      spec
        .given([asked, accepted])
        .when(clearDeleted(7))
        .then([{ type: 'QuestionAcceptedAnswerCleared', data: { at, deletedCommentId: 7 } }]);
    });

    it('given an accepted answer, when another comment is deleted, then nothing happens', () => {
      spec.given([asked, accepted]).when(clearDeleted(8)).thenNothingHappened();
    });

    it('given no accepted answer (never, or cleared), when a comment is deleted, then nothing happens', () => {
      spec.given([asked]).when(clearDeleted(7)).thenNothingHappened();
      spec.given([asked, accepted, cleared]).when(clearDeleted(7)).thenNothingHappened();
    });

    it('given a deleted question, when its accepted comment is deleted, then nothing happens', () => {
      spec
        .given([asked, accepted, { type: 'QuestionDeleted', data: { at } }])
        .when(clearDeleted(7))
        .thenNothingHappened();
    });
  });
});
