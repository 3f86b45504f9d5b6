import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AccountEvent, ArticleEvent, CommentEvent, LikeEvent, ProfileEvent, ProfilePersonalData, QuestionEvent } from '@app/domain';
import { PersonalDataVault, SqliteKeyStore } from '@app/personal-data';
import { articleDrafted, documentExists, on, projectionSpec, useTemporaryReadStore } from '@app/testing';
import { HOME_COLLECTION, homeProjection, type HomePostDocument } from './home.projection';

const drafted = (id: number, { isApproved = true, at = '2026-01-01T10:00:00.000Z' } = {}) =>
  on<ArticleEvent>(`article-${id}`, articleDrafted({ id, title: `Article ${id}`, isApproved, at }));
const article7 = (type: 'ArticlePublished' | 'ArticleUnapproved' | 'ArticleApproved' | 'ArticleDeleted') =>
  on<ArticleEvent>('article-7', { type, data: { at: 'x' } });

describe('home projection', () => {
  const readStore = useTemporaryReadStore();
  let dataDir: string;
  let keys: SqliteKeyStore;
  let vault: PersonalDataVault;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'home-projection-keys-'));
    keys = SqliteKeyStore.open(dataDir);
    vault = new PersonalDataVault(keys);
  });
  afterEach(async () => {
    await keys.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const spec = {
    given: (...args: Parameters<ReturnType<typeof projectionSpec>['given']>) =>
      projectionSpec(homeProjection(vault), readStore).given(...args),
  };
  const homePost = (withId: string) => ({ inCollection: HOME_COLLECTION, withId });

  describe('shows an article only while it is published, approved and not deleted', () => {
    it('lists a draft, hidden', () =>
      spec
        .given([])
        .when(drafted(7))
        .then(
          documentExists<HomePostDocument>(
            { postId: 7, entityType: 1, visible: false, articleDescription: 'About it', updatedOn: null },
            homePost('article-7'),
          ),
        ));

    it('shows it once published', () =>
      spec
        .given([drafted(7)])
        .when(article7('ArticlePublished'))
        .then(documentExists<HomePostDocument>({ visible: true }, homePost('article-7'))));

    it('hides it while unapproved', () =>
      spec
        .given([drafted(7), article7('ArticlePublished')])
        .when(article7('ArticleUnapproved'))
        .then(documentExists<HomePostDocument>({ visible: false }, homePost('article-7'))));

    it('shows it again once approved', () =>
      spec
        .given([drafted(7), article7('ArticlePublished'), article7('ArticleUnapproved')])
        .when(article7('ArticleApproved'))
        .then(documentExists<HomePostDocument>({ visible: true }, homePost('article-7'))));

    it('hides it for good once deleted', () =>
      spec
        .given([drafted(7), article7('ArticlePublished'), article7('ArticleUnapproved'), article7('ArticleApproved')])
        .when(article7('ArticleDeleted'))
        .then(documentExists<HomePostDocument>({ visible: false, deleted: true }, homePost('article-7'))));
  });

  it('shows a question once asked and keeps edits', () =>
    spec
      .given([
        on<QuestionEvent>('question-9', {
          type: 'QuestionAsked',
          data: {
            id: 9,
            authorId: 'bob',
            title: 'Why?',
            categoryId: 3,
            tags: [],
            content: '<p>?</p>',
            isApproved: true,
            at: '2026-01-02T00:00:00.000Z',
          },
        }),
      ])
      .when(
        on<QuestionEvent>('question-9', {
          type: 'QuestionEdited',
          data: {
            title: 'Why not?',
            categoryId: 3,
            tags: [{ id: 2, subTag: 'java' }],
            content: '<p>?</p>',
            at: '2026-01-03T00:00:00.000Z',
          },
        }),
      )
      .then(
        documentExists<HomePostDocument>(
          {
            entityType: 2,
            title: 'Why not?',
            authorId: 'bob',
            tags: [{ id: 2, subTag: 'java' }],
            visible: true,
            createdOn: '2026-01-02T00:00:00.000Z',
            updatedOn: '2026-01-03T00:00:00.000Z',
            articleDescription: null,
          },
          homePost('question-9'),
        ),
      ));

  it('keeps a post unapproved under pre-moderation until approved', () =>
    spec
      .given([drafted(8, { isApproved: false })])
      .when(on<ArticleEvent>('article-8', { type: 'ArticlePublished', data: { at: 'x' } }))
      .then(documentExists<HomePostDocument>({ visible: false }, homePost('article-8'))));

  it("counts the article's likes: one per standing like, not those of a comment with the same id", () => {
    const like = (type: LikeEvent['type'], accountId: string, entityType: 1 | 3 = 1) =>
      on<LikeEvent>(`like-${entityType}-7-${accountId}`, { type, data: { entityType, targetId: 7, accountId, at: 'x' } });
    return spec
      .given([drafted(7), like('Liked', 'bob'), like('Liked', 'cy'), like('Liked', 'cy', 3), like('Unliked', 'bob')])
      .when(like('Liked', 'dan'))
      .then(documentExists<HomePostDocument>({ likes: 2 }, homePost('article-7')));
  });

  describe("keeps the author's handle and display name on their posts", () => {
    const registered = async () =>
      on<AccountEvent>('account-ada', {
        type: 'AccountRegistered',
        data: {
          accountId: 'ada',
          sealed: await vault.seal('ada', { email: 'ada@example.com', name: 'Ada Lovelace', userName: 'ada-lovelace', passwordHash: 'h' }),
          emailLookup: 'e',
          userNameLookup: 'u',
          roleId: 1,
          credentialVersion: 1,
          registeredAt: '2026-01-01T00:00:00.000Z',
        },
      });
    const renamed = async (name: string) => {
      const personal: ProfilePersonalData = {
        name,
        title: null,
        about: null,
        contactEmail: null,
        phone: null,
        dateOfBirth: null,
        websiteUrl: null,
        linkedInUrl: null,
        gitHubUrl: null,
        resumeUrl: null,
      };
      return on<ProfileEvent>('profile-ada', {
        type: 'ProfileBasicInfoChanged',
        data: {
          countryId: null,
          stateId: null,
          cityId: null,
          genderId: null,
          showDOB: false,
          showEmail: false,
          showPhone: false,
          sealed: await vault.seal('ada', personal),
          at: '2026-01-03T00:00:00.000Z',
        },
      });
    };

    it('from the account at the time of the post', async () =>
      spec
        .given([await registered()])
        .when(drafted(7))
        .then(documentExists<HomePostDocument>({ authorId: 'ada', uName: 'ada-lovelace', name: 'Ada Lovelace' }, homePost('article-7'))));

    it('follows a rename on every post of the author', async () =>
      spec
        .given([await registered(), drafted(7), drafted(8)])
        .when(await renamed('Ada King'))
        .then(
          documentExists<HomePostDocument>({ uName: 'ada-lovelace', name: 'Ada King' }, homePost('article-7')),
          documentExists<HomePostDocument>({ uName: 'ada-lovelace', name: 'Ada King' }, homePost('article-8')),
        ));

    it('shows an erased author as Deleted user, without a handle, and ignores later renames', async () =>
      spec
        .given([await registered(), drafted(7)])
        .when(on<AccountEvent>('account-ada', { type: 'AccountErased', data: { at: '2026-01-04T00:00:00.000Z' } }), await renamed('Back'))
        .then(documentExists<HomePostDocument>({ uName: '', name: 'Deleted user' }, homePost('article-7'))));

    it('shows an author whose key was shredded as Deleted user when rebuilt', async () => {
      const account = await registered();
      await keys.deleteKey('ada');
      await spec
        .given([account])
        .when(drafted(7))
        .then(documentExists<HomePostDocument>({ uName: '', name: 'Deleted user' }, homePost('article-7')));
    });
  });

  describe('counts the comments every reader sees and the reading time (issue 25)', () => {
    const added = (id: number, isApproved = true) =>
      on<CommentEvent>(`comment-${id}`, {
        type: 'CommentAdded',
        data: {
          id,
          postKind: 'article',
          postId: 7,
          parentId: -1,
          authorId: 'bob',
          content: '<p>c</p>',
          attachedFiles: [],
          isApproved,
          at: 'x',
        },
      });
    const comment = (id: number, type: 'CommentApproved' | 'CommentUnapproved' | 'CommentDeleted') =>
      on<CommentEvent>(`comment-${id}`, { type, data: { at: 'x' } });

    it('starts an article at no comments and its reading time', () =>
      spec
        .given([])
        .when(drafted(7))
        .then(documentExists<HomePostDocument>({ comments: 0, readingMinutes: 1 }, homePost('article-7'))));

    it('follows the reading time through an edit', () => {
      const words = Array.from({ length: 600 }, () => 'word').join(' ');
      const edited = on<ArticleEvent>('article-7', {
        type: 'ArticleEdited',
        data: {
          title: 'Article 7',
          description: 'About it',
          categoryId: 3,
          tags: [],
          content: `<p>${words}</p>`,
          source: '',
          instructions: '',
          at: 'y',
        },
      });
      return spec
        .given([drafted(7)])
        .when(edited)
        .then(documentExists<HomePostDocument>({ readingMinutes: 3 }, homePost('article-7')));
    });

    it('counts approved comments, not pending ones, until approved', () =>
      spec
        .given([drafted(7)])
        .when(added(101), added(102, false), added(103))
        .then(documentExists<HomePostDocument>({ comments: 2 }, homePost('article-7'))));

    it('follows approval, unapproval and deletion once each', () =>
      spec
        .given([drafted(7), added(101), added(102, false), added(103)])
        .when(
          comment(102, 'CommentApproved'),
          comment(102, 'CommentApproved'),
          comment(101, 'CommentUnapproved'),
          comment(101, 'CommentDeleted'),
          comment(103, 'CommentDeleted'),
          comment(103, 'CommentDeleted'),
        )
        .then(documentExists<HomePostDocument>({ comments: 1 }, homePost('article-7'))));
  });
});
