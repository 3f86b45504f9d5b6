import { POST_MESSAGES } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import type { Actor } from '../posts/authorization';
import type { QuestionCommand } from './commands';
import { questionDecider } from './decider';
import type { QuestionEvent, QuestionFields } from './events';

const spec = deciderSpec(questionDecider);

const owner: Actor = { accountId: 'ada', roleId: 1 };
const otherUser: Actor = { accountId: 'bob', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };

const created = new Date('2025-03-01T10:00:00.000Z');
const now = new Date('2025-03-02T12:30:00.000Z');
const createdAt = created.toISOString();
const at = now.toISOString();

const fields: QuestionFields = {
  title: 'Why is my HashSet slow?',
  categoryId: 110,
  tags: [{ id: 12, subTag: 'Hashing' }],
  content: '<p>It takes <code>O(n)</code> per lookup.</p><pre><code class="language-csharp">set.Contains(x);</code></pre>',
};

const asked: QuestionEvent = { type: 'QuestionAsked', data: { id: 77, authorId: 'ada', ...fields, isApproved: true, at: createdAt } };
const unapproved: QuestionEvent = { type: 'QuestionUnapproved', data: { at: createdAt } };
const deleted: QuestionEvent = { type: 'QuestionDeleted', data: { at: createdAt } };

const ask = (overrides: Partial<Extract<QuestionCommand, { type: 'AskQuestion' }>> = {}): QuestionCommand => ({
  type: 'AskQuestion',
  id: 77,
  actor: owner,
  fields,
  moderation: 'post',
  now: created,
  ...overrides,
});
const edit = (overrides: Partial<Extract<QuestionCommand, { type: 'EditQuestion' }>> = {}): QuestionCommand => ({
  type: 'EditQuestion',
  moderation: 'post',
  id: 77,
  actor: owner,
  fields,
  defaultImageId: -1,
  now,
  ...overrides,
});
const approve = (actor: Actor, isApproved: boolean): QuestionCommand => ({ type: 'ApproveQuestion', id: 77, actor, isApproved, now });
const remove = (actor: Actor): QuestionCommand => ({ type: 'DeleteQuestion', id: 77, actor, now });

describe('questionDecider', () => {
  describe('AskQuestion', () => {
    it('asks an approved question under post-moderation', () => {
      spec.given([]).when(ask()).then([asked]);
    });

    it('asks an unapproved question under pre-moderation', () => {
      spec
        .given([])
        .when(ask({ moderation: 'pre' }))
        .then([{ ...asked, data: { ...asked.data, isApproved: false } }]);
    });

    it('records a default image chosen on the first save', () => {
      spec
        .given([])
        .when(ask({ defaultImageId: 3 }))
        .then([asked, { type: 'QuestionDefaultImageChosen', data: { fileId: 3, at: createdAt } }]);
    });

    it('sanitizes the content before it becomes an event', () => {
      const [event] = questionDecider.decide(
        ask({ fields: { ...fields, content: '<p>Why?<img src="x" onerror="alert(1)"></p>' } }),
        questionDecider.initialState,
      );
      expect(event).toMatchObject({ type: 'QuestionAsked', data: { content: '<p>Why?</p>' } });
    });

    it('refuses a second ask on the same stream (an id collision)', () => {
      spec.given([asked]).when(ask()).thenThrows('conflict', 'Question already exists.');
    });

    it.each([
      ['an empty title', { title: '' }, 'Title is required.'],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, POST_MESSAGES.titleTooLong],
      ['no category', { categoryId: -1 }, 'Category is required.'],
      ['no tags', { tags: [] }, 'At least one tag is required.'],
      ['empty content', { content: '<p></p>' }, 'Content is required.'],
    ])('refuses %s', (_case, invalid, message) => {
      spec
        .given([])
        .when(ask({ fields: { ...fields, ...invalid } }))
        .thenThrows('validation', message);
    });
  });

  describe('EditQuestion', () => {
    const changed = { ...fields, content: '<p>Solved: my GetHashCode returned 0.</p>' };

    it('records the edited fields', () => {
      spec
        .given([asked])
        .when(edit({ fields: changed }))
        .then([{ type: 'QuestionEdited', data: { ...changed, at } }]);
    });

    it('emits nothing when nothing changed', () => {
      spec.given([asked]).when(edit()).thenNothingHappened();
    });

    describe('under pre-moderation', () => {
      const unapproved: QuestionEvent = { type: 'QuestionUnapproved', data: { at } };
      const approved: QuestionEvent = { type: 'QuestionApproved', data: { at } };

      it("sends the author's edit of an approved question back for approval", () => {
        spec
          .given([asked])
          .when(edit({ fields: changed, moderation: 'pre' }))
          .then([
            { type: 'QuestionEdited', data: { ...changed, at } },
            { type: 'QuestionUnapproved', data: { at, reason: 'edited' } },
          ]);
      });

      it('leaves a question that waits for approval, an unchanged text and an admin edit as they are', () => {
        spec
          .given([asked, unapproved])
          .when(edit({ fields: changed, moderation: 'pre' }))
          .then([{ type: 'QuestionEdited', data: { ...changed, at } }]);
        spec
          .given([asked, unapproved, approved])
          .when(edit({ moderation: 'pre' }))
          .thenNothingHappened();
        spec
          .given([asked])
          .when(edit({ fields: changed, moderation: 'pre', actor: admin }))
          .then([{ type: 'QuestionEdited', data: { ...changed, at } }]);
      });

      it("sends the author's new default image, or a file added to the question, back for approval; not an admin's", () => {
        spec
          .given([asked])
          .when(edit({ defaultImageId: 9, moderation: 'pre' }))
          .then([
            { type: 'QuestionDefaultImageChosen', data: { fileId: 9, at } },
            { type: 'QuestionUnapproved', data: { at, reason: 'edited' } },
          ]);
        const attach = (actor: Actor, moderation: 'post' | 'pre'): QuestionCommand => ({
          type: 'AttachQuestionFile',
          id: 77,
          actor,
          moderation,
          now,
        });
        spec
          .given([asked])
          .when(attach(owner, 'pre'))
          .then([{ type: 'QuestionUnapproved', data: { at, reason: 'edited' } }]);
        spec.given([asked]).when(attach(admin, 'pre')).thenNothingHappened();
        spec.given([asked, unapproved]).when(attach(owner, 'pre')).thenNothingHappened();
        spec.given([asked]).when(attach(owner, 'post')).thenNothingHappened();
        spec.given([asked]).when(attach(otherUser, 'pre')).thenThrows('forbidden');
        spec.given([asked, deleted]).when(attach(owner, 'pre')).thenThrows('not_found');
      });

      it('keeps approval under post-moderation', () => {
        spec
          .given([asked])
          .when(edit({ fields: changed, moderation: 'post' }))
          .then([{ type: 'QuestionEdited', data: { ...changed, at } }]);
      });
    });

    it('chooses and clears the default image', () => {
      const chosen: QuestionEvent = { type: 'QuestionDefaultImageChosen', data: { fileId: 3, at: createdAt } };
      spec
        .given([asked])
        .when(edit({ defaultImageId: 3 }))
        .then([{ type: 'QuestionDefaultImageChosen', data: { fileId: 3, at } }]);
      spec
        .given([asked, chosen])
        .when(edit({ defaultImageId: -1 }))
        .then([{ type: 'QuestionDefaultImageChosen', data: { fileId: -1, at } }]);
    });

    it('lets an admin edit any question', () => {
      spec
        .given([asked])
        .when(edit({ actor: admin, fields: changed }))
        .then([{ type: 'QuestionEdited', data: { ...changed, at } }]);
    });

    it('refuses another user', () => {
      spec
        .given([asked])
        .when(edit({ actor: otherUser, fields: changed }))
        .thenThrows('forbidden');
    });

    it('refuses an invalid edit', () => {
      spec
        .given([asked])
        .when(edit({ fields: { ...fields, tags: [] } }))
        .thenThrows('validation', 'At least one tag is required.');
    });

    it('does not find a missing or deleted question', () => {
      spec.given([]).when(edit()).thenThrows('not_found', 'Question not found.');
      spec
        .given([asked, deleted])
        .when(edit({ fields: changed }))
        .thenThrows('not_found', 'Question not found.');
    });
  });

  describe('ApproveQuestion', () => {
    it('lets an admin unapprove and approve again', () => {
      spec
        .given([asked])
        .when(approve(admin, false))
        .then([{ type: 'QuestionUnapproved', data: { at } }]);
      spec
        .given([asked, unapproved])
        .when(approve(admin, true))
        .then([{ type: 'QuestionApproved', data: { at } }]);
    });

    it('emits nothing when the approval does not change', () => {
      spec.given([asked]).when(approve(admin, true)).thenNothingHappened();
    });

    it.each([
      ['the owner', owner],
      ['another user', otherUser],
    ])('refuses %s', (_who, actor) => {
      spec.given([asked]).when(approve(actor, false)).thenThrows('forbidden');
    });

    it('does not find a missing or deleted question', () => {
      spec.given([]).when(approve(admin, true)).thenThrows('not_found', 'Question not found.');
      spec.given([asked, deleted]).when(approve(admin, true)).thenThrows('not_found', 'Question not found.');
    });
  });

  describe('DeleteQuestion', () => {
    it.each([
      ['the owner', owner],
      ['an admin', admin],
    ])('lets %s delete', (_who, actor) => {
      spec
        .given([asked])
        .when(remove(actor))
        .then([{ type: 'QuestionDeleted', data: { at } }]);
    });

    it('refuses another user', () => {
      spec.given([asked]).when(remove(otherUser)).thenThrows('forbidden');
    });

    it('does not find, for another user, a question they cannot see (unapproved)', () => {
      spec.given([asked, unapproved]).when(remove(otherUser)).thenThrows('not_found', 'Question not found.');
      spec
        .given([asked, unapproved])
        .when(remove(owner))
        .then([{ type: 'QuestionDeleted', data: { at } }]);
    });

    it('does not find a question deleted already', () => {
      spec.given([asked, deleted]).when(remove(admin)).thenThrows('not_found', 'Question not found.');
    });
  });

  describe('evolve', () => {
    it('folds the history into the state', () => {
      const history: QuestionEvent[] = [
        asked,
        { type: 'QuestionEdited', data: { ...fields, title: 'New', at: '2025-03-03T00:00:00.000Z' } },
        { type: 'QuestionDefaultImageChosen', data: { fileId: 3, at: '2025-03-04T00:00:00.000Z' } },
        unapproved,
      ];
      expect(history.reduce(questionDecider.evolve, questionDecider.initialState)).toEqual({
        exists: true,
        deleted: false,
        author: 'ada',
        fields: { ...fields, title: 'New' },
        isApproved: false,
        defaultImageId: 3,
        createdOn: createdAt,
        updatedOn: '2025-03-04T00:00:00.000Z',
      });
    });
  });
});
