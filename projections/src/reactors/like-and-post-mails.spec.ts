import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  accountStreamName,
  commentStreamName,
  followStreamName,
  likeStreamName,
  type AccountPersonalData,
  type FollowTarget,
  type LikeEntityType,
  type NotificationKind,
} from '@app/domain';
import { createEventStore, type EventStore } from '@app/event-store';
import type { MailMessage, SendMailJob } from '@app/mail';
import { createKeyStore, PersonalDataVault, type KeyStore } from '@app/personal-data';
import type { JobQueue, JobToEnqueue } from '@app/queue';
import { createReadStore, type ReadStore } from '@app/read-store';
import { articleDrafted, commentAdded } from '@app/testing';
import { followsProjection } from '../follows/follows.projection';
import { commentNotificationReactor } from './comment-notification.reactor';
import type { Reactor } from '../projection';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();

/**
 * The `like` and `post` mails of the comment-notification reactor, given a log (SQLite event store,
 * key store and read store in a temporary folder), when the reactor reads it as the runner does,
 * then the mails it enqueued (the queue keeps the first job of each id, as JobQueue promises).
 */
describe('like and post mails', () => {
  let dataDir: string;
  let eventStore: EventStore;
  let keyStore: KeyStore;
  let vault: PersonalDataVault;
  let readStore: ReadStore;
  let reactor: Reactor;
  let jobs: Map<string, JobToEnqueue>;
  let reached: bigint | null;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'like-post-mails-'));
    eventStore = createEventStore({ dataDir });
    keyStore = await createKeyStore({ dataDir });
    vault = new PersonalDataVault(keyStore);
    readStore = await createReadStore({ dataDir });
    jobs = new Map();
    reached = null;
    const queue = {
      enqueue: async (job: JobToEnqueue) => void (jobs.has(job.id) || jobs.set(job.id, job)),
    } as Partial<JobQueue> as JobQueue;
    const deps = { eventStore, readStore, vault, queue, publicUrl: 'https://dev.example', credentialLinkSecret: 'secret' };
    reactor = commentNotificationReactor({ ...deps, clock: () => new Date(NOW + 3_600_000) });
  });
  afterEach(async () => {
    await readStore.close();
    await keyStore.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  // Given: facts of the log.
  const append = async (streamName: string, type: string, data: object, actor = 'system') =>
    (await eventStore.appendToStream(streamName, [{ type, data, metadata: { actor, occurredAt: at(0) } }])).position;
  const person = async (accountId: string, name: string) => {
    const personal: AccountPersonalData = { email: `${accountId}@example.com`, name, userName: accountId, passwordHash: 'x' };
    await append(accountStreamName(accountId), 'AccountRegistered', {
      accountId,
      sealed: await vault.seal(accountId, personal),
      emailLookup: `email-${accountId}`,
      userNameLookup: `name-${accountId}`,
      roleId: 2,
      credentialVersion: 1,
      registeredAt: at(-60),
    });
  };
  const wants = (accountId: string, kind: NotificationKind, enabled = true) =>
    append(accountStreamName(accountId), 'EmailPreferenceSet', { kind, enabled, at: at(0) });
  const article = async (id: number, authorId: string, { published = true, approved = true, tagId = 1 } = {}) => {
    const drafted = articleDrafted({ id, authorId, at: at(0), isApproved: approved, tags: [{ id: tagId, subTag: `tag${tagId}` }] });
    await append(`article-${id}`, drafted.type, drafted.data, authorId);
    if (published) await append(`article-${id}`, 'ArticlePublished', { at: at(0) }, authorId);
  };
  const approve = (id: number) => append(`article-${id}`, 'ArticleApproved', { at: at(1) }, 'admin');
  const like = (entityType: LikeEntityType, targetId: number, accountId: string, minutes = 5) =>
    append(likeStreamName(entityType, targetId, accountId), 'Liked', { entityType, targetId, accountId, at: at(minutes) }, accountId);
  const follow = (target: FollowTarget, followerId: string) =>
    append(followStreamName(target, followerId), 'Followed', { target, followerId, at: at(-1) }, followerId);
  const erase = (accountId: string) => keyStore.deleteKey(accountId);

  // When: the reactor reads the log past where it was, as the runner does (the follows read model is kept beside it).
  const react = async () => {
    for (const recorded of await eventStore.readAll({ after: reached })) {
      if (followsProjection.handles.includes(recorded.type))
        await readStore.transaction((tx) => followsProjection.apply(recorded, tx, undefined as never));
      await readStore.transaction((tx) => tx.setCheckpoint(followsProjection.name, recorded.position));
      if (reactor.handles.includes(recorded.type)) await reactor.apply(recorded);
      reached = recorded.position;
    }
  };

  // Then: the mails enqueued, opened.
  const mails = async () =>
    Promise.all(
      [...jobs.values()].map(async (job) => {
        const { accountId, sealed } = job.data as SendMailJob;
        return { id: job.id, ...(await vault.open<MailMessage>(accountId, sealed))! };
      }),
    );
  const subjects = async () => (await mails()).map((mail) => `${mail.to}: ${mail.subject}`);

  describe('a like', () => {
    beforeEach(async () => {
      await person('ada', 'Ada Author');
      await person('bob', 'Bob Liker');
      await person('cy', 'Cy Liker');
      await article(7, 'ada');
    });

    it('mails the author who wanted like mails then, naming the liker, with a one-click unsubscribe from likes', async () => {
      await wants('ada', 'like');
      await like(1, 7, 'bob');
      await react();
      const [mail, ...more] = await mails();
      expect(more).toEqual([]);
      expect(mail.subject).toBe('Bob Liker liked your article "Engines"');
      expect(mail.text).toContain('See it here:\nhttps://dev.example/article/7\n');
      expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(new URL(mail.headers!['List-Unsubscribe'].slice(1, -1)).searchParams.get('kind')).toBe('like');
      expect(mail.about).toEqual(['ada', 'bob']);
    });

    it('mails nothing while like mails were off, even once they are turned on later', async () => {
      await like(1, 7, 'bob');
      await wants('ada', 'like');
      await react();
      expect(await mails()).toEqual([]);
    });

    it('mails nothing for one’s own like', async () => {
      await wants('ada', 'like');
      await like(1, 7, 'ada');
      await react();
      expect(await mails()).toEqual([]);
    });

    it('mails nothing for a like of a post that could not be seen then', async () => {
      await article(8, 'ada', { approved: false });
      await wants('ada', 'like');
      await like(1, 8, 'bob');
      await react();
      expect(await mails()).toEqual([]);
    });

    it('mails at most once a day per item: the day’s first like; another item, or the next day, mails again', async () => {
      await wants('ada', 'like');
      await article(9, 'ada');
      await like(1, 7, 'bob', 5);
      await like(1, 7, 'cy', 50);
      await like(1, 9, 'cy', 60);
      await react();
      expect(await subjects()).toEqual([
        'ada@example.com: Bob Liker liked your article "Engines"',
        'ada@example.com: Cy Liker liked your article "Engines"',
      ]);
      expect((await mails()).map((mail) => mail.id)).toEqual(['like:1:7:2026-06-01', 'like:1:9:2026-06-01']);
      await append(likeStreamName(1, 7, 'bob'), 'Unliked', { entityType: 1, targetId: 7, accountId: 'bob', at: at(70) }, 'bob');
      await like(1, 7, 'bob', 24 * 60);
      await react();
      expect((await mails()).map((mail) => mail.id)).toContain('like:1:7:2026-06-02');
      expect(await mails()).toHaveLength(3);
    });

    it('mails the author of a liked comment, linking it; an erased liker is not named', async () => {
      await wants('bob', 'like');
      const added = commentAdded({ id: 77, postKind: 'article', postId: 7, authorId: 'bob', at: at(2) });
      await append(commentStreamName(77), added.type, added.data, 'bob');
      await like(3, 77, 'cy');
      await erase('cy');
      await react();
      const [mail, ...more] = (await mails()).filter((sent) => sent.id.startsWith('like:'));
      expect(more).toEqual([]);
      expect(mail.subject).toBe('Someone liked your comment on the article "Engines"');
      expect(mail.text).toContain('https://dev.example/article/7#comment-77');
      expect(mail.about).toEqual(['bob']);
    });

    it('mails the same once on a replay', async () => {
      await wants('ada', 'like');
      await like(1, 7, 'bob');
      await react();
      reached = null;
      await react();
      expect(await mails()).toHaveLength(1);
    });
  });

  describe('a new post', () => {
    beforeEach(async () => {
      await person('ada', 'Ada Author');
      await person('bob', 'Bob Reader');
      await person('cy', 'Cy Reader');
      await wants('bob', 'post');
      await wants('cy', 'post');
    });

    it('mails once each who followed its author or one of its tags before it, saying why; never the author', async () => {
      await follow({ kind: 'user', accountId: 'ada' }, 'bob');
      await follow({ kind: 'tag', tagId: 1 }, 'bob');
      await follow({ kind: 'tag', tagId: 1 }, 'cy');
      await follow({ kind: 'tag', tagId: 1 }, 'ada');
      await wants('ada', 'post');
      await article(7, 'ada');
      await react();
      const sent = await mails();
      expect(sent.map((mail) => [mail.id, mail.subject])).toEqual([
        ['post:article-7:bob', 'New article by Ada Author: "Engines"'],
        ['post:article-7:cy', 'New article by Ada Author: "Engines"'],
      ]);
      expect(sent[0].text).toContain('(you hear of it because you follow Ada Author)');
      expect(sent[1].text).toContain('(you hear of it because you follow the tag tag1)');
      expect(sent[1].text).toContain('https://dev.example/article/7\n');
      expect(new URL(sent[1].headers!['List-Unsubscribe'].slice(1, -1)).searchParams.get('kind')).toBe('post');
    });

    it('reads no post stream back for a post drafted and published by one command', async () => {
      await article(7, 'ada');
      const readStream = jest.spyOn(eventStore, 'readStream');
      await react();
      expect(readStream.mock.calls.filter(([stream]) => stream === 'article-7')).toEqual([]);
    });

    it('mails nothing while a post cannot be seen (a draft, unapproved), and once when it first can', async () => {
      await follow({ kind: 'user', accountId: 'ada' }, 'bob');
      await article(7, 'ada', { published: false });
      await article(8, 'ada', { approved: false });
      await react();
      expect(await mails()).toEqual([]);
      await approve(8);
      await append('article-8', 'ArticleUnpublished', { at: at(2) }, 'ada');
      await append('article-8', 'ArticlePublished', { at: at(3) }, 'ada');
      await react();
      expect((await mails()).map((mail) => mail.id)).toEqual(['post:article-8:bob']);
    });

    it('honours post mails as they stood when it was shown, and leaves out those who followed after it', async () => {
      await wants('cy', 'post', false);
      await follow({ kind: 'user', accountId: 'ada' }, 'cy');
      await article(7, 'ada');
      await follow({ kind: 'user', accountId: 'ada' }, 'bob');
      await wants('cy', 'post', true);
      await react();
      expect(await mails()).toEqual([]);
    });

    it('mails no erased follower, and nobody of an erased author (their name is gone)', async () => {
      await follow({ kind: 'user', accountId: 'ada' }, 'bob');
      await follow({ kind: 'tag', tagId: 1 }, 'cy');
      await article(7, 'ada');
      await erase('cy');
      await react();
      expect((await mails()).map((mail) => mail.id)).toEqual(['post:article-7:bob']);
      await article(8, 'ada');
      await erase('ada');
      await react();
      expect(await mails()).toHaveLength(1);
    });
  });
});
