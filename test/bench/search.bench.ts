/**
 * Latency of POST /api/Search at 100,000 posts, beside a raw FTS5 MATCH on the same rows.
 * Run: npm run bench:search   (node -r @swc-node/register test/bench/search.bench.ts)
 *
 * The site runs embedded (SQLite event and read stores, the FTS5 search index) on a temporary
 * DATA_DIR and listens on a local port; requests go over plain `http.request` with keep-alive, one
 * at a time, so the figures are per-request latency (server + HTTP + JSON), not throughput.
 *
 * Seeding: 20 authors sign up through the API (so names resolve as in production), then 100,000
 * search documents are written straight into the live generation of the SearchIndex with
 * `applyBatch` (5,000 per batch, the checkpoint left where the projection put it), not through
 * 100,000 HTTP commands: the projection's own speed is what `projections rebuild search` shows.
 * The raw FTS5 figures run `SELECT rowid FROM fts_<live> WHERE ... MATCH ? ORDER BY rowid DESC
 * LIMIT 20` on the same file in the same process: the floor the API adds its filters, keyset,
 * author names and HTTP to.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApp, SEARCH_INDEX } from '@app/api';
import { firstSearchPager, type GridPostItem, type SearchRequestInput } from '@app/contracts';
import { ProjectionRunner } from '@app/projections';
import type { SearchDocument, SearchIndex } from '@app/search-index';

const POSTS = 100_000;
const SEED_BATCH = 5_000;
const AUTHORS = 20;
const REQUESTS = 200;
const WARMUP = 20;
const PAGE_SIZE = 20;

const WORDS = (
  'event sourcing projection decider command query stream aggregate snapshot checkpoint kubernetes docker container ' +
  'cluster service mesh gateway latency throughput cache redis postgres sqlite index btree vacuum replica shard ' +
  'typescript javascript react angular vue node deno bun compiler generics variance interface module bundle ' +
  'thread mutex semaphore channel actor async await promise future coroutine scheduler garbage collector heap ' +
  'algorithm graph tree trie heap sort search hash table queue stack recursion memo dynamic greedy backtrack'
).split(' ');
const CATEGORIES = [3, 110, 121, 123, 126];
const TAGS = Array.from({ length: 20 }, (_, n) => ({ id: n + 1, subTag: `tag${n + 1}` }));

/** A small seeded generator (mulberry32): the same 100,000 posts on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedDocuments(authorIds: readonly string[]): SearchDocument[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const words = (count: number) => Array.from({ length: count }, () => pick(WORDS)).join(' ');
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: POSTS }, (_, n) => {
    const isArticle = next() < 0.7;
    const created = new Date(start + n * 60_000).toISOString();
    return {
      // Time-ordered like real post ids (milliseconds << 11).
      id: (n + 1) * 60_000 * 2048,
      entityType: isArticle ? 1 : 2,
      title: words(6),
      description: isArticle ? words(12) : '',
      contentText: words(80),
      tags: [pick(TAGS), pick(TAGS)].filter((tag, index, all) => all.indexOf(tag) === index),
      categoryId: pick(CATEGORIES),
      authorAccountId: pick(authorIds),
      likes: Math.floor(next() * 50),
      isApproved: next() < 0.95,
      isPublished: !isArticle || next() < 0.9,
      createdOn: created,
      updatedOn: null,
      position: '0',
    };
  });
}

interface Envelope {
  success: boolean;
  result: unknown;
  errorMessage: string | null;
}

/** Keep-alive for the measured requests; replaced after seeding, whose idle time outlives the server's keep-alive. */
let agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(port: number, path: string, body: unknown, token?: string): Promise<{ status: number; json: Envelope }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Envelope }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Row {
  scenario: string;
  runs: number;
  'p50 ms': string;
  'p95 ms': string;
  'mean results': string;
}

function summarize(scenario: string, samples: number[], results: number[]): Row {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    scenario,
    runs: samples.length,
    'p50 ms': at(0.5).toFixed(2),
    'p95 ms': at(0.95).toFixed(2),
    'mean results': (results.reduce((sum, n) => sum + n, 0) / results.length).toFixed(1),
  };
}

const searchBody = (overrides: Partial<SearchRequestInput> = {}): SearchRequestInput => ({
  searchString: '',
  categoryId: -1,
  entityType: 100,
  orderByAsc: false,
  Tags: [],
  pager: { ...firstSearchPager(false), pageSize: PAGE_SIZE },
  ...overrides,
});

const TEXT_QUERIES = ['event sourcing', 'kube', 'projection checkpoint', 'redis cache', 'generics variance', 'actor', 'graph sea'];

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'search-bench-'));
  process.env.DATA_DIR = dataDir;
  process.env.PUBLIC_URL ??= 'http://localhost:3000';
  const app = await createApp({ logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  const call = async (body: SearchRequestInput) => {
    const started = performance.now();
    const response = await post(port, '/api/Search', body);
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`POST /api/Search: ${response.status} ${JSON.stringify(response.json)}`);
    return { elapsed, items: response.json.result as GridPostItem[] };
  };

  try {
    const authorIds: string[] = [];
    for (let n = 0; n < AUTHORS; n += 1) {
      const response = await post(port, '/api/Account/Signup', {
        Name: `Bench Author ${n}`,
        Email: `bench-${n}@example.com`,
        Password: 'bench-pass1',
      });
      const { token } = response.json.result as { token: string };
      authorIds.push((JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { sub: string }).sub);
    }

    // Let the projection settle (its first start builds the empty index and records its version), then seed beside it.
    const runner = app.get(ProjectionRunner);
    const index = app.get<SearchIndex>(SEARCH_INDEX);
    while ((await index.getCheckpoint()) === null || runner.status().find((status) => status.name === 'search')?.state !== 'live') {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const documents = seedDocuments(authorIds);
    const seedStarted = performance.now();
    for (let offset = 0; offset < documents.length; offset += SEED_BATCH) {
      const checkpoint = await index.getCheckpoint();
      const applied = await index.applyBatch('live', { from: checkpoint, to: checkpoint! }, (batch) => {
        for (const document of documents.slice(offset, offset + SEED_BATCH)) batch.upsert(document);
      });
      if (!applied) throw new Error('The search checkpoint moved while seeding; run again.');
    }
    console.log(
      `Seeded ${POSTS.toLocaleString('en')} posts in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (data in ${dataDir})`,
    );

    agent.destroy();
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const rows: Row[] = [];
    const measure = async (scenario: string, bodyOf: (run: number) => SearchRequestInput) => {
      for (let run = 0; run < WARMUP; run += 1) await call(bodyOf(run));
      const samples: number[] = [];
      const results: number[] = [];
      for (let run = 0; run < REQUESTS; run += 1) {
        const { elapsed, items } = await call(bodyOf(run));
        samples.push(elapsed);
        results.push(items.length);
      }
      rows.push(summarize(scenario, samples, results));
    };

    await measure('API text (1-2 words, last one a prefix)', (run) =>
      searchBody({ searchString: TEXT_QUERIES[run % TEXT_QUERIES.length] }),
    );
    await measure('API filter only (category + type + tag)', (run) =>
      searchBody({ categoryId: CATEGORIES[run % CATEGORIES.length], entityType: 1, Tags: [TAGS[run % TAGS.length].id] }),
    );
    await measure('API no filter, first page', () => searchBody());

    // Paging: the SPA's 'More results', page after page through everything (descending), keyset as §4.
    {
      const samples: number[] = [];
      const results: number[] = [];
      let pager = searchBody().pager;
      for (let pages = 0; pages < REQUESTS + WARMUP; pages += 1) {
        const { elapsed, items } = await call(searchBody({ pager }));
        if (pages >= WARMUP) {
          samples.push(elapsed);
          results.push(items.length);
        }
        const lastArticle = items.filter((item) => item.entityType === 1).pop();
        const lastQuestion = items.filter((item) => item.entityType === 2).pop();
        pager = {
          ...pager,
          lastFetchedArticleId: lastArticle?.id ?? pager.lastFetchedArticleId,
          lastFetchedQuestionId: lastQuestion?.id ?? pager.lastFetchedQuestionId,
        };
      }
      rows.push(summarize(`API paging (pages ${WARMUP + 1}-${REQUESTS + WARMUP}, ${PAGE_SIZE} each)`, samples, results));
    }

    // The same text queries straight on the FTS5 table, same file, same run.
    const db = new Database(join(dataDir, 'search.sqlite'), { readonly: true });
    const { value: slot } = db.prepare(`SELECT value FROM search_meta WHERE key = 'live'`).get() as { value: string };
    const match = db.prepare(`SELECT rowid FROM fts_${slot} WHERE fts_${slot} MATCH ? ORDER BY rowid DESC LIMIT ${PAGE_SIZE}`);
    const expression = (text: string) => {
      const words = text.split(' ');
      return words.map((word, n) => `"${word}"${n === words.length - 1 ? '*' : ''}`).join(' ');
    };
    {
      const samples: number[] = [];
      const results: number[] = [];
      for (let run = 0; run < WARMUP + REQUESTS; run += 1) {
        const started = performance.now();
        const found = match.all(expression(TEXT_QUERIES[run % TEXT_QUERIES.length]));
        if (run >= WARMUP) {
          samples.push(performance.now() - started);
          results.push(found.length);
        }
      }
      rows.push(summarize('raw FTS5 MATCH (same text queries)', samples, results));
    }
    db.close();

    console.log(`POST /api/Search at ${POSTS.toLocaleString('en')} posts, ${REQUESTS} requests per scenario after ${WARMUP} warm-up ones:`);
    console.table(rows);
  } finally {
    await app.close();
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
