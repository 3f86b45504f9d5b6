import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  accountStreamName,
  articleStreamName,
  commentStreamName,
  likeStreamName,
  questionStreamName,
  type ArticleEvent,
  type CommentEvent,
  type LikeEvent,
  type QuestionEvent,
} from '@app/domain';
import { SqliteEventStore, type EventToAppend } from '@app/event-store';
import { PersonalDataVault, SqliteKeyStore } from '@app/personal-data';
import { givenRegistration } from '../../support/given-registration';
import { ROOT } from './children';

const CACHE = join(ROOT, '.tmp', 'bench');
/** Appends in flight at once: with group commit they share transactions. */
const IN_FLIGHT = 64;

const TEXT =
  '<p>Event sourcing keeps every change as an event; projections fold them into documents. A checkpoint says how far ' +
  'each projection got, so a restart resumes where it stopped.</p><pre><code class="language-ts">const x = 1;</code></pre>';
const TAGS = [
  { id: 1, subTag: 'csharp' },
  { id: 2, subTag: 'dotnet' },
  { id: 7, subTag: 'typescript' },
];

/** A cached log is kept only while this generator and the SQLite event store's code are the same. */
function cacheKey(size: number): string {
  const hash = createHash('sha256');
  for (const file of [__filename, join(ROOT, 'libs', 'event-store', 'src', 'sqlite', 'sqlite-event-store.ts')])
    if (existsSync(file)) hash.update(readFileSync(file));
  return `log-${size}-${hash.digest('hex').slice(0, 8)}`;
}

/**
 * A data dir with an event log of about `size` events shaped as the domain records them (libs/domain
 * types): accounts registered with sealed personal data, articles drafted, published and edited,
 * questions asked and edited, comments added and edited, likes and unlikes. Cached under
 * .tmp/bench/log-<size>-<hash of this file and the SQLite store's> (generated once); each call
 * returns a fresh copy, so a run starts from the log alone, with no read models.
 */
export async function eventLogDataDir(size: number, into: string): Promise<{ events: number; generatedSeconds: number | null }> {
  const cached = join(CACHE, cacheKey(size));
  let generatedSeconds: number | null = null;
  if (!existsSync(join(cached, 'complete'))) {
    const started = performance.now();
    await generate(size, `${cached}.partial`);
    rmSync(cached, { recursive: true, force: true });
    renameSync(`${cached}.partial`, cached);
    writeFileSync(join(cached, 'complete'), '');
    generatedSeconds = (performance.now() - started) / 1000;
  }
  cpSync(cached, into, { recursive: true });
  const store = new SqliteEventStore(join(into, 'events.sqlite'));
  const head = await store.headPosition();
  await store.close();
  return { events: Number(head ?? 0n), generatedSeconds };
}

async function generate(size: number, directory: string): Promise<void> {
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
  const store = new SqliteEventStore(join(directory, 'events.sqlite'));
  // Generating a fixture needs no durability: skip the fsync per append where the store lets us at its connection.
  (store as unknown as { db?: { pragma(sql: string): unknown } }).db?.pragma('synchronous = OFF');
  const keyStore = SqliteKeyStore.open(directory);
  const vault = new PersonalDataVault(keyStore);
  const start = Date.UTC(2025, 0, 1);
  let clock = 0;
  const at = () => new Date(start + (clock += 1000)).toISOString();
  const meta = (actor: string): EventToAppend['metadata'] => ({ actor, occurredAt: new Date(start + clock).toISOString() });
  let written = 0;
  const pending = new Set<Promise<unknown>>();
  const append = async (stream: string, events: { type: string; data: unknown }[], actor: string) => {
    written += events.length;
    const appended = store.appendToStream(
      stream,
      events.map((event) => ({ ...event, metadata: meta(actor) })),
      { expectedRevision: 'no_stream' },
    );
    pending.add(appended);
    void appended.finally(() => pending.delete(appended));
    if (pending.size >= IN_FLIGHT) await Promise.race(pending);
  };

  const accounts: string[] = [];
  const accountCount = Math.max(50, Math.round(size / 500));
  for (let n = 0; n < accountCount; n += 1) {
    const accountId = randomUUID();
    accounts.push(accountId);
    const userName = `bench-${n}`;
    const registered = await givenRegistration(
      vault,
      accountId,
      { email: `${userName}@example.com`, name: `Bench Author ${n}`, userName },
      at(),
    );
    await append(accountStreamName(accountId), [registered], accountId);
  }

  // Post ids are time-ordered like the site's (milliseconds << 11); comments share the id space.
  let nextId = 1;
  const newId = () => (start + (nextId += 1)) * 2048;
  const articles: number[] = [];
  const likeStreams = new Set<string>();
  let likes = 0;
  while (written < size) {
    const author = accounts[nextId % accounts.length];
    const roll = nextId % 10;
    if (roll < 2) {
      const id = newId();
      articles.push(id);
      const fields = {
        title: `Article ${id}: generics and variance`,
        description: 'Type parameters and constraints',
        categoryId: 3,
        tags: TAGS.slice(0, 1 + (id % 3)),
        content: TEXT,
        source: '',
        instructions: '',
      };
      const events: ArticleEvent[] = [
        { type: 'ArticleDrafted', data: { ...fields, id, authorId: author, isApproved: true, at: at() } },
        { type: 'ArticlePublished', data: { at: at() } },
        { type: 'ArticleEdited', data: { ...fields, title: `${fields.title} (edited)`, at: at() } },
      ];
      await append(articleStreamName(id), events, author);
    } else if (roll < 3) {
      const id = newId();
      const fields = { title: `Question ${id}: how do I cancel a Task?`, categoryId: 123, tags: TAGS.slice(0, 1), content: TEXT };
      const events: QuestionEvent[] = [
        { type: 'QuestionAsked', data: { ...fields, id, authorId: author, isApproved: true, at: at() } },
        { type: 'QuestionEdited', data: { ...fields, content: `${TEXT}<p>Edit: solved.</p>`, at: at() } },
      ];
      await append(questionStreamName(id), events, author);
    } else if (roll < 6 && articles.length > 0) {
      const id = newId();
      const postId = articles[id % articles.length];
      const events: CommentEvent[] = [
        {
          type: 'CommentAdded',
          data: {
            id,
            postKind: 'article',
            postId,
            parentId: -1,
            authorId: author,
            content: '<p>Thanks, this helped.</p>',
            attachedFiles: [],
            isApproved: true,
            at: at(),
          },
        },
      ];
      if (id % 4 === 0) events.push({ type: 'CommentEdited', data: { content: '<p>Thanks, this helped a lot.</p>', at: at() } });
      await append(commentStreamName(id), events, author);
    } else if (articles.length > 0) {
      // One like stream per (article, account): walk the accounts, then the next article.
      const liker = accounts[likes % accounts.length];
      const targetId = articles[Math.floor(likes / accounts.length) % articles.length];
      likes += 1;
      nextId += 1;
      const stream = likeStreamName(1, targetId, liker);
      if (likeStreams.has(stream)) continue;
      likeStreams.add(stream);
      const data = { entityType: 1 as const, targetId, accountId: liker, at: at() };
      const events: LikeEvent[] = [{ type: 'Liked', data }];
      if (likes % 5 === 0) events.push({ type: 'Unliked', data: { ...data, at: at() } });
      await append(stream, events, liker);
    } else {
      nextId += 1;
    }
  }
  await Promise.all(pending);
  await keyStore.close();
  await store.close();
}
