import { POST_MESSAGES } from '@app/contracts';
import { deciderSpec } from '@app/testing';
import type { Actor } from './authorization';
import type { PostCommand, PostCommandOf, PostCommandRole } from './post-commands';
import { postDecider } from './post-decider';
import type { PostEvent, PostEventData, PostEventRole, PostFields } from './post-events';
import { POST_KINDS, type PostKind } from './post-kinds';

const spec = deciderSpec(postDecider);

const owner: Actor = { accountId: 'ada', roleId: 1 };
const otherUser: Actor = { accountId: 'bob', roleId: 1 };
const admin: Actor = { accountId: 'root', roleId: 2 };

const created = new Date('2025-03-01T10:00:00.000Z');
const now = new Date('2025-03-02T12:30:00.000Z');
const createdAt = created.toISOString();
const at = now.toISOString();

const questionFields: PostFields = {
  title: 'Why is my HashSet slow?',
  categoryId: 110,
  tags: [{ id: 12, subTag: 'Hashing' }],
  content: '<p>It takes <code>O(n)</code> per lookup.</p><pre><code class="language-csharp">set.Contains(x);</code></pre>',
};
const articleFields: PostFields = {
  title: 'Span<T> in C#',
  description: 'Slicing without copying',
  categoryId: 3,
  tags: [{ id: 7, subTag: 'C#' }],
  content: '<p>Spans are <strong>fast</strong>.</p>',
  source: 'https://learn.microsoft.com',
  instructions: '',
};

/** Every behaviour below runs for both kinds: only the fields, names and messages differ. */
const KINDS: { kind: PostKind; fields: PostFields }[] = [
  { kind: 'article', fields: articleFields },
  { kind: 'question', fields: questionFields },
];

describe.each(KINDS)('postDecider ($kind)', ({ kind, fields }) => {
  const { label, notFound } = POST_KINDS[kind];
  const id = 42;
  const event = <Role extends PostEventRole>(role: Role, data: PostEventData[Role]): PostEvent =>
    ({ type: POST_KINDS[kind].events[role], data }) as unknown as PostEvent;
  const command = <Role extends PostCommandRole>(role: Role, rest: Omit<PostCommandOf<Role>, 'type'>): PostCommand =>
    ({ type: POST_KINDS[kind].commands[role], ...rest }) as unknown as PostCommand;

  const drafted = event('created', { id, authorId: 'ada', ...fields, isApproved: true, at: createdAt });
  /** The history of a post readers see: an article drafted then published, a question asked. */
  const posted = POST_KINDS[kind].createdIsPublished ? [drafted] : [drafted, event('published', { at: createdAt })];
  /** The history of a draft: an article drafted, a question asked as a draft. */
  const draftOnly = POST_KINDS[kind].createdIsPublished
    ? [{ ...drafted, data: { ...drafted.data, isPublished: false } } as PostEvent]
    : [drafted];
  const unapproved = event('unapproved', { at: createdAt });
  const deleted = event('deleted', { at: createdAt });
  const changed: PostFields = {
    ...fields,
    title: 'Memory<T> in C#',
    tags: [
      { id: 7, subTag: 'C#' },
      { id: 9, subTag: '.NET' },
    ],
  };

  const draft = (overrides: Partial<PostCommandOf<'draft'>> = {}) =>
    command('draft', { id, actor: owner, fields, moderation: 'post', now: created, ...overrides });
  const edit = (overrides: Partial<PostCommandOf<'edit'>> = {}) =>
    command('edit', { id, actor: owner, fields, isPublished: true, defaultImageId: -1, moderation: 'post', now, ...overrides });
  const attach = (actor: Actor, moderation: 'post' | 'pre') => command('attachFile', { id, actor, moderation, now });
  const approve = (actor: Actor, isApproved: boolean) => command('approve', { id, actor, isApproved, now });
  const remove = (actor: Actor) => command('delete', { id, actor, now });

  describe('draft', () => {
    it('records whom the first text mentions, each once, never its author', () => {
      spec
        .given([])
        .when(draft({ mentionIds: ['carl', 'ada', 'carl'] }))
        .then([{ ...drafted, data: { ...drafted.data, mentionIds: ['carl'] } } as PostEvent]);
    });

    it('creates an approved post under post-moderation, published as the save says', () => {
      spec
        .given([])
        .when(draft({ isPublished: true }))
        .then(posted);
      spec
        .given([])
        .when(draft({ isPublished: false }))
        .then(draftOnly);
    });

    it('creates what the kind always created when the save says nothing of publishing (an article draft, a posted question)', () => {
      spec
        .given([])
        .when(draft())
        .then(POST_KINDS[kind].createdIsPublished ? posted : draftOnly);
    });

    it('creates an unapproved post under pre-moderation', () => {
      spec
        .given([])
        .when(draft({ moderation: 'pre', isPublished: false }))
        .then([{ ...draftOnly[0], data: { ...draftOnly[0].data, isApproved: false } } as PostEvent]);
    });

    it('records a default image chosen on the first save', () => {
      spec
        .given([])
        .when(draft({ defaultImageId: 5, isPublished: false }))
        .then([...draftOnly, event('defaultImageChosen', { fileId: 5, at: createdAt })]);
    });

    it('sanitizes the content before it becomes an event', () => {
      const [first] = postDecider.decide(
        draft({ fields: { ...fields, content: '<p onclick="steal()">Hi<script>alert(1)</script><img src="x" onerror="alert(1)"></p>' } }),
        postDecider.initialState,
      );
      expect(first).toMatchObject({ type: drafted.type, data: { content: '<p>Hi</p>' } });
    });

    it("keeps only the kind's fields, whatever else the caller passed", () => {
      const [first] = postDecider.decide(
        draft({ fields: { ...articleFields, ...fields, isApproved: false } as PostFields }),
        postDecider.initialState,
      );
      expect(first.data).toEqual(drafted.data);
    });

    it('refuses a second draft on the same stream (an id collision)', () => {
      spec.given([drafted]).when(draft()).thenThrows('conflict', `${label} already exists.`);
    });

    it.each([
      ['an empty title', { title: '   ' }, 'Title is required.'],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, POST_MESSAGES.titleTooLong],
      ['no category', { categoryId: 0 }, 'Category is required.'],
      ['no tags', { tags: [] }, 'At least one tag is required.'],
      ['a tag without an id', { tags: [{ id: 1.5, subTag: 'x' }] }, 'Tag is invalid.'],
      ['content that is only markup', { content: '<p>&nbsp;</p><p><br></p>' }, 'Content is required.'],
      ['content that is only a script', { content: '<script>alert(1)</script>' }, 'Content is required.'],
    ])('refuses %s', (_case, invalid, message) => {
      spec
        .given([])
        .when(draft({ fields: { ...fields, ...invalid } }))
        .thenThrows('validation', message);
    });

    if (kind === 'article') {
      it.each([
        ['an empty description', { description: '' }, 'Description is required.'],
        ['a description over 200 characters', { description: 'x'.repeat(201) }, POST_MESSAGES.descriptionTooLong],
        ['a source over 500 characters', { source: 'x'.repeat(501) }, POST_MESSAGES.sourceTooLong],
        ['instructions over 500 characters', { instructions: 'x'.repeat(501) }, POST_MESSAGES.instructionsTooLong],
      ])('refuses %s (article fields)', (_case, invalid, message) => {
        spec
          .given([])
          .when(draft({ fields: { ...fields, ...invalid } }))
          .thenThrows('validation', message);
      });
    }

    it('accepts content that is only an image', () => {
      const image = { ...draftOnly[0], data: { ...draftOnly[0].data, content: '<figure><img src="/images/a.png" /></figure>' } };
      spec
        .given([])
        .when(draft({ isPublished: false, fields: { ...fields, content: '<figure><img src="/images/a.png"></figure>' } }))
        .then([image as PostEvent]);
    });

    it('refuses a default image id that is not a file id', () => {
      spec
        .given([])
        .when(draft({ defaultImageId: 0 }))
        .thenThrows('validation', 'Default image is invalid.');
    });
  });

  describe('edit', () => {
    it('records the edited fields', () => {
      spec
        .given(posted)
        .when(edit({ fields: changed }))
        .then([event('edited', { ...changed, at })]);
    });

    it('emits nothing when nothing changed', () => {
      spec.given(posted).when(edit()).thenNothingHappened();
    });

    it("records whom the edited text mentions (never the post's author), only with a text change", () => {
      spec
        .given(posted)
        .when(edit({ fields: changed, actor: admin, mentionIds: ['carl', 'ada', 'root'] }))
        .then([event('edited', { ...changed, at, mentionIds: ['carl', 'root'] })]);
      spec
        .given(posted)
        .when(edit({ mentionIds: ['carl'] }))
        .thenNothingHappened();
    });

    it('folds the mentions out of the post: an edit after one with mentions compares fields only', () => {
      spec
        .given([...posted, event('edited', { ...changed, at, mentionIds: ['carl'] })])
        .when(edit({ fields: changed }))
        .thenNothingHappened();
    });

    describe('under pre-moderation', () => {
      it("sends the author's edit of an approved post back for approval", () => {
        spec
          .given(posted)
          .when(edit({ fields: changed, moderation: 'pre' }))
          .then([event('edited', { ...changed, at }), event('unapproved', { at, reason: 'edited' })]);
      });

      it('leaves a post that waits for approval, an unchanged text and an admin edit as they are', () => {
        spec
          .given([...posted, unapproved])
          .when(edit({ fields: changed, moderation: 'pre' }))
          .then([event('edited', { ...changed, at })]);
        spec
          .given([...posted, unapproved, event('approved', { at })])
          .when(edit({ moderation: 'pre' }))
          .thenNothingHappened();
        spec
          .given(posted)
          .when(edit({ fields: changed, moderation: 'pre', actor: admin }))
          .then([event('edited', { ...changed, at })]);
      });

      it("sends the author's new default image, or a file added to the post, back for approval; not an admin's", () => {
        spec
          .given(posted)
          .when(edit({ defaultImageId: 9, moderation: 'pre' }))
          .then([event('defaultImageChosen', { fileId: 9, at }), event('unapproved', { at, reason: 'edited' })]);
        spec
          .given(posted)
          .when(attach(owner, 'pre'))
          .then([event('unapproved', { at, reason: 'edited' })]);
        spec.given(posted).when(attach(admin, 'pre')).thenNothingHappened();
        spec
          .given([...posted, unapproved])
          .when(attach(owner, 'pre'))
          .thenNothingHappened();
        spec.given(posted).when(attach(owner, 'post')).thenNothingHappened();
        spec.given(posted).when(attach(otherUser, 'pre')).thenThrows('forbidden');
        spec
          .given([...posted, deleted])
          .when(attach(owner, 'pre'))
          .thenThrows('not_found', notFound);
      });

      it('keeps approval under post-moderation', () => {
        spec
          .given(posted)
          .when(edit({ fields: changed, moderation: 'post' }))
          .then([event('edited', { ...changed, at })]);
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
      const reordered = { ...fields, tags: [...twoTags.tags].reverse() };
      spec
        .given([...posted, event('edited', { ...twoTags, at: createdAt })])
        .when(edit({ fields: reordered }))
        .then([event('edited', { ...reordered, at })]);
    });

    it('does not see re-sanitizing stored content as an edit', () => {
      spec
        .given([drafted])
        .when(
          edit({
            isPublished: POST_KINDS[kind].createdIsPublished,
            fields: { ...fields, content: fields.content.replace('<p>', '<p onmouseover="x()">') },
          }),
        )
        .thenNothingHappened();
    });

    it('publishes a draft', () => {
      spec
        .given(draftOnly)
        .when(edit({ isPublished: true }))
        .then([event('published', { at })]);
    });

    it('unpublishes a published post', () => {
      spec
        .given(posted)
        .when(edit({ isPublished: false }))
        .then([event('unpublished', { at })]);
    });

    it('emits nothing more when a published post is saved as published', () => {
      spec
        .given(posted)
        .when(edit({ isPublished: true }))
        .thenNothingHappened();
    });

    it('edits before publishing when one save does both', () => {
      spec
        .given(draftOnly)
        .when(edit({ fields: changed, isPublished: true, defaultImageId: 11 }))
        .then([event('edited', { ...changed, at }), event('defaultImageChosen', { fileId: 11, at }), event('published', { at })]);
    });

    it('chooses and clears the default image', () => {
      const chosen = event('defaultImageChosen', { fileId: 11, at: createdAt });
      spec
        .given(posted)
        .when(edit({ defaultImageId: 11 }))
        .then([event('defaultImageChosen', { fileId: 11, at })]);
      spec
        .given([...posted, chosen])
        .when(edit({ defaultImageId: 11 }))
        .thenNothingHappened();
      spec
        .given([...posted, chosen])
        .when(edit({ defaultImageId: -1 }))
        .then([event('defaultImageChosen', { fileId: -1, at })]);
    });

    it('lets an admin edit any post', () => {
      spec
        .given(posted)
        .when(edit({ actor: admin, fields: changed }))
        .then([event('edited', { ...changed, at })]);
    });

    it('refuses another user, even for a save that changes nothing', () => {
      spec
        .given(posted)
        .when(edit({ actor: otherUser, fields: changed }))
        .thenThrows('forbidden');
      spec
        .given(posted)
        .when(edit({ actor: otherUser }))
        .thenThrows('forbidden');
    });

    it('does not find, for another user, a post they cannot see (a draft, an unapproved one)', () => {
      spec
        .given(draftOnly)
        .when(edit({ actor: otherUser }))
        .thenThrows('not_found', notFound);
      spec
        .given([...posted, unapproved])
        .when(remove(otherUser))
        .thenThrows('not_found', notFound);
      spec.given(draftOnly).when(approve(otherUser, true)).thenThrows('not_found', notFound);
    });

    it('refuses an invalid edit', () => {
      spec
        .given(posted)
        .when(edit({ fields: { ...fields, title: '' } }))
        .thenThrows('validation', 'Title is required.');
    });

    it('does not find a post that was never created, or a deleted one', () => {
      spec.given([]).when(edit()).thenThrows('not_found', notFound);
      spec
        .given([...posted, deleted])
        .when(edit({ fields: changed }))
        .thenThrows('not_found', notFound);
    });
  });

  describe('approve', () => {
    it('lets an admin unapprove and approve again, a pre-moderated post included', () => {
      spec
        .given(posted)
        .when(approve(admin, false))
        .then([event('unapproved', { at })]);
      spec
        .given([...posted, unapproved])
        .when(approve(admin, true))
        .then([event('approved', { at })]);
      spec
        .given([{ ...drafted, data: { ...drafted.data, isApproved: false } } as PostEvent])
        .when(approve(admin, true))
        .then([event('approved', { at })]);
    });

    it('emits nothing when the approval does not change', () => {
      spec.given(posted).when(approve(admin, true)).thenNothingHappened();
      spec
        .given([...posted, unapproved])
        .when(approve(admin, false))
        .thenNothingHappened();
    });

    it.each([
      ['the owner', owner],
      ['another user', otherUser],
    ])('refuses %s', (_who, actor) => {
      spec.given(posted).when(approve(actor, false)).thenThrows('forbidden');
    });

    it('does not find a missing or deleted post', () => {
      spec.given([]).when(approve(admin, true)).thenThrows('not_found', notFound);
      spec
        .given([...posted, deleted])
        .when(approve(admin, false))
        .thenThrows('not_found', notFound);
    });
  });

  describe('delete', () => {
    it.each([
      ['the owner', owner],
      ['an admin', admin],
    ])('lets %s delete', (_who, actor) => {
      spec
        .given(posted)
        .when(remove(actor))
        .then([event('deleted', { at })]);
    });

    it('lets the owner delete an unapproved post', () => {
      spec
        .given([...posted, unapproved])
        .when(remove(owner))
        .then([event('deleted', { at })]);
    });

    it('refuses another user', () => {
      spec.given(posted).when(remove(otherUser)).thenThrows('forbidden');
    });

    it('does not find a post deleted already, or one that never existed', () => {
      spec
        .given([...posted, deleted])
        .when(remove(owner))
        .thenThrows('not_found', notFound);
      spec.given([]).when(remove(admin)).thenThrows('not_found', notFound);
    });
  });

  describe('evolve', () => {
    it('folds the history into the state', () => {
      const history = [
        ...draftOnly,
        event('edited', { ...fields, title: 'New', at: '2025-03-03T00:00:00.000Z' }),
        event('defaultImageChosen', { fileId: 11, at: '2025-03-04T00:00:00.000Z' }),
        event('published', { at: '2025-03-05T00:00:00.000Z' }),
        event('unapproved', { at: '2025-03-06T00:00:00.000Z' }),
      ];
      expect(history.reduce(postDecider.evolve, postDecider.initialState)).toEqual({
        status: 'live',
        post: {
          kind,
          authorId: 'ada',
          fields: { ...fields, title: 'New' },
          isPublished: true,
          isApproved: false,
          defaultImageId: 11,
          createdOn: createdAt,
          updatedOn: '2025-03-05T00:00:00.000Z',
        },
      });
    });

    it('keeps a deleted post for its history, and skips events of other streams', () => {
      const state = [...posted, { type: 'SomethingElse', data: {} } as unknown as PostEvent, deleted].reduce(
        postDecider.evolve,
        postDecider.initialState,
      );
      expect(state).toMatchObject({ status: 'deleted', post: { kind, authorId: 'ada', isPublished: true } });
    });
  });
});
