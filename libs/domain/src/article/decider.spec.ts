import { POST_MESSAGES } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import type { Actor } from '../posts/authorization';
import type { ArticleCommand } from './commands';
import { articleDecider } from './decider';
import type { ArticleEvent, ArticleFields } from './events';

const spec = deciderSpec(articleDecider);

const owner: Actor = { accountId: 'ada', roleId: 1 };
const otherUser: Actor = { accountId: 'bob', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };

const created = new Date('2025-03-01T10:00:00.000Z');
const now = new Date('2025-03-02T12:30:00.000Z');
const createdAt = created.toISOString();
const at = now.toISOString();

const fields: ArticleFields = {
  title: 'Span<T> in C#',
  description: 'Slicing without copying',
  categoryId: 3,
  tags: [{ id: 7, subTag: 'C#' }],
  content: '<p>Spans are <strong>fast</strong>.</p>',
  source: 'https://learn.microsoft.com',
  instructions: '',
};

const drafted: ArticleEvent = {
  type: 'ArticleDrafted',
  data: { id: 42, authorId: 'ada', ...fields, isApproved: true, at: createdAt },
};
const published: ArticleEvent = { type: 'ArticlePublished', data: { at: createdAt } };
const unapproved: ArticleEvent = { type: 'ArticleUnapproved', data: { at: createdAt } };
const deleted: ArticleEvent = { type: 'ArticleDeleted', data: { at: createdAt } };

const draft = (overrides: Partial<Extract<ArticleCommand, { type: 'DraftArticle' }>> = {}): ArticleCommand => ({
  type: 'DraftArticle',
  id: 42,
  actor: owner,
  fields,
  moderation: 'post',
  now: created,
  ...overrides,
});
const edit = (overrides: Partial<Extract<ArticleCommand, { type: 'EditArticle' }>> = {}): ArticleCommand => ({
  type: 'EditArticle',
  moderation: 'post',
  id: 42,
  actor: owner,
  fields,
  isPublished: false,
  defaultImageId: -1,
  now,
  ...overrides,
});
const approve = (actor: Actor, isApproved: boolean): ArticleCommand => ({ type: 'ApproveArticle', id: 42, actor, isApproved, now });
const remove = (actor: Actor): ArticleCommand => ({ type: 'DeleteArticle', id: 42, actor, now });

describe('articleDecider', () => {
  describe('DraftArticle', () => {
    it('drafts an approved, unpublished article under post-moderation', () => {
      spec.given([]).when(draft()).then([drafted]);
    });

    it('drafts an unapproved article under pre-moderation', () => {
      spec
        .given([])
        .when(draft({ moderation: 'pre' }))
        .then([{ ...drafted, data: { ...drafted.data, isApproved: false } }]);
    });

    it('publishes at once when the first save says isPublished', () => {
      spec
        .given([])
        .when(draft({ isPublished: true }))
        .then([drafted, published]);
    });

    it('records a default image chosen on the first save', () => {
      spec
        .given([])
        .when(draft({ defaultImageId: 5 }))
        .then([drafted, { type: 'ArticleDefaultImageChosen', data: { fileId: 5, at: createdAt } }]);
    });

    it('sanitizes the content before it becomes an event', () => {
      const [event] = articleDecider.decide(
        draft({ fields: { ...fields, content: '<p onclick="steal()">Hi<script>alert(1)</script></p>' } }),
        articleDecider.initialState,
      );
      expect(event).toMatchObject({ type: 'ArticleDrafted', data: { content: '<p>Hi</p>' } });
    });

    it('keeps only the article fields, whatever else the caller passed', () => {
      const [event] = articleDecider.decide(
        draft({ fields: { ...fields, isApproved: false } as ArticleFields }),
        articleDecider.initialState,
      );
      expect(event.data).toEqual(drafted.data);
    });

    it('refuses a second draft on the same stream (an id collision)', () => {
      spec.given([drafted]).when(draft()).thenThrows('conflict', 'Article already exists.');
    });

    it.each([
      ['an empty title', { title: '   ' }, 'Title is required.'],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, POST_MESSAGES.titleTooLong],
      ['an empty description', { description: '' }, 'Description is required.'],
      ['a description over 200 characters', { description: 'x'.repeat(201) }, POST_MESSAGES.descriptionTooLong],
      ['no category', { categoryId: 0 }, 'Category is required.'],
      ['no tags', { tags: [] }, 'At least one tag is required.'],
      ['a tag without an id', { tags: [{ id: 1.5, subTag: 'x' }] }, 'Tag is invalid.'],
      ['content that is only markup', { content: '<p>&nbsp;</p><p><br></p>' }, 'Content is required.'],
      ['content that is only a script', { content: '<script>alert(1)</script>' }, 'Content is required.'],
      ['a source over 500 characters', { source: 'x'.repeat(501) }, POST_MESSAGES.sourceTooLong],
      ['instructions over 500 characters', { instructions: 'x'.repeat(501) }, POST_MESSAGES.instructionsTooLong],
    ])('refuses %s', (_case, invalid, message) => {
      spec
        .given([])
        .when(draft({ fields: { ...fields, ...invalid } }))
        .thenThrows('validation', message);
    });

    it('accepts content that is only an image', () => {
      spec
        .given([])
        .when(draft({ fields: { ...fields, content: '<figure><img src="/images/a.png"></figure>' } }))
        .then([{ ...drafted, data: { ...drafted.data, content: '<figure><img src="/images/a.png" /></figure>' } }]);
    });

    it('refuses a default image id that is not a file id', () => {
      spec
        .given([])
        .when(draft({ defaultImageId: 0 }))
        .thenThrows('validation', 'Default image is invalid.');
    });
  });

  describe('EditArticle', () => {
    const changed = {
      ...fields,
      title: 'Memory<T> in C#',
      tags: [
        { id: 7, subTag: 'C#' },
        { id: 9, subTag: '.NET' },
      ],
    };

    it('records the edited fields', () => {
      spec
        .given([drafted])
        .when(edit({ fields: changed }))
        .then([{ type: 'ArticleEdited', data: { ...changed, at } }]);
    });

    it('emits nothing when nothing changed', () => {
      spec.given([drafted]).when(edit()).thenNothingHappened();
    });

    describe('under pre-moderation', () => {
      const unapproved: ArticleEvent = { type: 'ArticleUnapproved', data: { at } };
      const approved: ArticleEvent = { type: 'ArticleApproved', data: { at } };

      it("sends the author's edit of an approved article back for approval", () => {
        spec
          .given([drafted])
          .when(edit({ fields: changed, moderation: 'pre' }))
          .then([
            { type: 'ArticleEdited', data: { ...changed, at } },
            { type: 'ArticleUnapproved', data: { at, reason: 'edited' } },
          ]);
      });

      it('leaves a article that waits for approval, an unchanged text and an admin edit as they are', () => {
        spec
          .given([drafted, unapproved])
          .when(edit({ fields: changed, moderation: 'pre' }))
          .then([{ type: 'ArticleEdited', data: { ...changed, at } }]);
        spec
          .given([drafted, unapproved, approved])
          .when(edit({ moderation: 'pre' }))
          .thenNothingHappened();
        spec
          .given([drafted])
          .when(edit({ fields: changed, moderation: 'pre', actor: admin }))
          .then([{ type: 'ArticleEdited', data: { ...changed, at } }]);
      });

      it("sends the author's new default image, or a file added to the article, back for approval; not an admin's", () => {
        spec
          .given([drafted])
          .when(edit({ defaultImageId: 9, moderation: 'pre' }))
          .then([
            { type: 'ArticleDefaultImageChosen', data: { fileId: 9, at } },
            { type: 'ArticleUnapproved', data: { at, reason: 'edited' } },
          ]);
        const attach = (actor: Actor, moderation: 'post' | 'pre'): ArticleCommand => ({
          type: 'AttachArticleFile',
          id: 42,
          actor,
          moderation,
          now,
        });
        spec
          .given([drafted])
          .when(attach(owner, 'pre'))
          .then([{ type: 'ArticleUnapproved', data: { at, reason: 'edited' } }]);
        spec.given([drafted]).when(attach(admin, 'pre')).thenNothingHappened();
        spec.given([drafted, unapproved]).when(attach(owner, 'pre')).thenNothingHappened();
        spec.given([drafted]).when(attach(owner, 'post')).thenNothingHappened();
        spec.given([drafted]).when(attach(otherUser, 'pre')).thenThrows('forbidden');
        spec.given([drafted, deleted]).when(attach(owner, 'pre')).thenThrows('not_found');
      });

      it('keeps approval under post-moderation', () => {
        spec
          .given([drafted])
          .when(edit({ fields: changed, moderation: 'post' }))
          .then([{ type: 'ArticleEdited', data: { ...changed, at } }]);
      });
    });

    it('sees a tag order change as an edit', () => {
      const twoTags = {
        ...fields,
        tags: [
          { id: 1, subTag: 'a' },
          { id: 2, subTag: 'b' },
        ],
      };
      const reordered = {
        ...fields,
        tags: [
          { id: 2, subTag: 'b' },
          { id: 1, subTag: 'a' },
        ],
      };
      spec
        .given([drafted, { type: 'ArticleEdited', data: { ...twoTags, at: createdAt } }])
        .when(edit({ fields: reordered }))
        .then([{ type: 'ArticleEdited', data: { ...reordered, at } }]);
    });

    it('does not see re-sanitizing stored content as an edit', () => {
      spec
        .given([drafted])
        .when(edit({ fields: { ...fields, content: '<p onmouseover="x()">Spans are <strong>fast</strong>.</p>' } }))
        .thenNothingHappened();
    });

    it('publishes a draft', () => {
      spec
        .given([drafted])
        .when(edit({ isPublished: true }))
        .then([{ type: 'ArticlePublished', data: { at } }]);
    });

    it('unpublishes a published article', () => {
      spec
        .given([drafted, published])
        .when(edit({ isPublished: false }))
        .then([{ type: 'ArticleUnpublished', data: { at } }]);
    });

    it('emits nothing more when an already published article is saved as published', () => {
      spec
        .given([drafted, published])
        .when(edit({ isPublished: true }))
        .thenNothingHappened();
    });

    it('edits before publishing when one save does both', () => {
      spec
        .given([drafted])
        .when(edit({ fields: changed, isPublished: true, defaultImageId: 11 }))
        .then([
          { type: 'ArticleEdited', data: { ...changed, at } },
          { type: 'ArticleDefaultImageChosen', data: { fileId: 11, at } },
          { type: 'ArticlePublished', data: { at } },
        ]);
    });

    it('chooses and clears the default image', () => {
      const chosen: ArticleEvent = { type: 'ArticleDefaultImageChosen', data: { fileId: 11, at: createdAt } };
      spec
        .given([drafted])
        .when(edit({ defaultImageId: 11 }))
        .then([{ type: 'ArticleDefaultImageChosen', data: { fileId: 11, at } }]);
      spec
        .given([drafted, chosen])
        .when(edit({ defaultImageId: 11 }))
        .thenNothingHappened();
      spec
        .given([drafted, chosen])
        .when(edit({ defaultImageId: -1 }))
        .then([{ type: 'ArticleDefaultImageChosen', data: { fileId: -1, at } }]);
    });

    it('lets an admin edit any article', () => {
      spec
        .given([drafted])
        .when(edit({ actor: admin, fields: changed }))
        .then([{ type: 'ArticleEdited', data: { ...changed, at } }]);
    });

    it('refuses another user', () => {
      spec
        .given([drafted, published])
        .when(edit({ actor: otherUser, fields: changed }))
        .thenThrows('forbidden');
    });

    it('refuses another user even for a save that changes nothing', () => {
      spec
        .given([drafted, published])
        .when(edit({ actor: otherUser }))
        .thenThrows('forbidden');
    });

    it('does not find, for another user, an article they cannot see (a draft, an unapproved one)', () => {
      spec
        .given([drafted])
        .when(edit({ actor: otherUser }))
        .thenThrows('not_found', 'Article not found.');
      spec
        .given([drafted, published, { type: 'ArticleUnapproved', data: { at: createdAt } }])
        .when(remove(otherUser))
        .thenThrows('not_found', 'Article not found.');
      spec.given([drafted]).when(approve(otherUser, true)).thenThrows('not_found', 'Article not found.');
    });

    it('refuses an invalid edit', () => {
      spec
        .given([drafted])
        .when(edit({ fields: { ...fields, title: '' } }))
        .thenThrows('validation', 'Title is required.');
    });

    it('does not find an article that was never drafted', () => {
      spec.given([]).when(edit()).thenThrows('not_found', 'Article not found.');
    });

    it('does not find a deleted article', () => {
      spec
        .given([drafted, deleted])
        .when(edit({ fields: changed }))
        .thenThrows('not_found', 'Article not found.');
    });
  });

  describe('ApproveArticle', () => {
    it('lets an admin unapprove and approve again', () => {
      spec
        .given([drafted])
        .when(approve(admin, false))
        .then([{ type: 'ArticleUnapproved', data: { at } }]);
      spec
        .given([drafted, unapproved])
        .when(approve(admin, true))
        .then([{ type: 'ArticleApproved', data: { at } }]);
    });

    it('approves a pre-moderated article', () => {
      const waiting: ArticleEvent = { ...drafted, data: { ...drafted.data, isApproved: false } };
      spec
        .given([waiting])
        .when(approve(admin, true))
        .then([{ type: 'ArticleApproved', data: { at } }]);
    });

    it('emits nothing when the approval does not change', () => {
      spec.given([drafted]).when(approve(admin, true)).thenNothingHappened();
      spec.given([drafted, unapproved]).when(approve(admin, false)).thenNothingHappened();
    });

    it.each([
      ['the owner', owner],
      ['another user', otherUser],
    ])('refuses %s', (_who, actor) => {
      spec.given([drafted, published]).when(approve(actor, false)).thenThrows('forbidden');
    });

    it('does not find a missing or deleted article', () => {
      spec.given([]).when(approve(admin, true)).thenThrows('not_found', 'Article not found.');
      spec.given([drafted, deleted]).when(approve(admin, false)).thenThrows('not_found', 'Article not found.');
    });
  });

  describe('DeleteArticle', () => {
    it.each([
      ['the owner', owner],
      ['an admin', admin],
    ])('lets %s delete', (_who, actor) => {
      spec
        .given([drafted, published])
        .when(remove(actor))
        .then([{ type: 'ArticleDeleted', data: { at } }]);
    });

    it('refuses another user', () => {
      spec.given([drafted, published]).when(remove(otherUser)).thenThrows('forbidden');
    });

    it('does not find an article deleted already', () => {
      spec.given([drafted, deleted]).when(remove(owner)).thenThrows('not_found', 'Article not found.');
    });

    it('does not find an article that never existed', () => {
      spec.given([]).when(remove(admin)).thenThrows('not_found', 'Article not found.');
    });
  });

  describe('evolve', () => {
    it('folds the history into the state', () => {
      const history: ArticleEvent[] = [
        drafted,
        { type: 'ArticleEdited', data: { ...fields, title: 'New', at: '2025-03-03T00:00:00.000Z' } },
        { type: 'ArticleDefaultImageChosen', data: { fileId: 11, at: '2025-03-04T00:00:00.000Z' } },
        { type: 'ArticlePublished', data: { at: '2025-03-05T00:00:00.000Z' } },
        { type: 'ArticleUnapproved', data: { at: '2025-03-06T00:00:00.000Z' } },
      ];
      expect(history.reduce(articleDecider.evolve, articleDecider.initialState)).toEqual({
        exists: true,
        deleted: false,
        author: 'ada',
        fields: { ...fields, title: 'New' },
        isPublished: true,
        isApproved: false,
        defaultImageId: 11,
        createdOn: createdAt,
        updatedOn: '2025-03-05T00:00:00.000Z',
      });
    });
  });
});
