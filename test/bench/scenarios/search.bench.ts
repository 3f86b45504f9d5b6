import Database from 'better-sqlite3';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SEARCH_INDEX } from '@app/api';
import { firstSearchPager, type SearchRequestInput } from '@app/contracts';
import { ProjectionRunner } from '@app/projections';
import type { SearchDocument, SearchIndex } from '@app/search-index';
import { startInProcessSite } from '../support/in-process-site';
import { accountIdOfToken } from '../../support/accounts';
import { formatNumber, percentile, type Figure } from '../support/report';
import type { Scenario } from '../support/scenario';
import { signUpMany } from '../support/site';
import { searchQuery } from '@app/testing';

const SEED_BATCH = 5_000;
const PAGE_SIZE = 20;
const WORDS = (
  'event sourcing projection decider command query stream aggregate snapshot checkpoint kubernetes docker container ' +
  'cluster service mesh gateway latency throughput cache redis postgres sqlite index btree vacuum replica shard ' +
  'typescript javascript react angular vue node deno bun compiler generics variance interface module bundle ' +
  'thread mutex semaphore channel actor async await promise future coroutine scheduler garbage collector heap'
).split(' ');
const CATEGORIES = [3, 110, 121, 123, 126];
const TAGS = Array.from({ length: 20 }, (_, n) => ({ id: n + 1, subTag: `tag${n + 1}` }));
const TEXT_QUERIES = ['event sourcing', 'kube', 'projection checkpoint', 'redis cache', 'generics variance', 'actor', 'graph sea'];

/** A small seeded generator (mulberry32): the same posts on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function seedDocuments(count: number, authorIds: readonly string[]): SearchDocument[] {
  const next = random(42);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)];
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const start = Date.UTC(2024, 0, 1);
  return Array.from({ length: count }, (_, n) => {
    const isArticle = next() < 0.7;
    return {
      id: (n + 1) * 60_000 * 2048, // time-ordered like real post ids (milliseconds << 11)
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
      createdOn: new Date(start + n * 60_000).toISOString(),
      updatedOn: null,
      position: '0',
    };
  });
}

/** One request at a time on a keep-alive connection: per-request latency, not throughput. */
function postJson(agent: Agent, url: string, path: string, body: unknown): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function latencies(runs: number, call: (run: number) => Promise<void> | void): Promise<number[]> {
  const samples: number[] = [];
  for (let run = -20; run < runs; run += 1) {
    const started = performance.now();
    await call(Math.abs(run));
    if (run >= 0) samples.push(performance.now() - started);
  }
  return samples;
}

export const searchScenario: Scenario = {
  id: 'search',
  title: 'Search p95 through the SearchIndex port and HTTP, against raw FTS5 MATCH',
  async run({ quick }) {
    const posts = quick ? 10_000 : 100_000;
    const runs = quick ? 100 : 300;
    const site = await startInProcessSite();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const authorIds = (await signUpMany(site.url, 10, 'Author')).map((account) => accountIdOfToken(account.token));
      const runner = site.app.get(ProjectionRunner);
      const index = site.app.get<SearchIndex>(SEARCH_INDEX);
      while ((await index.getCheckpoint()) === null || runner.status().find((status) => status.name === 'search')?.state !== 'live')
        await new Promise((resolve) => setTimeout(resolve, 50));
      // Seeded straight into the live generation (the projection's checkpoint left where it is): what `projections rebuild search` costs is the rebuild scenario's.
      const documents = seedDocuments(posts, authorIds);
      for (let offset = 0; offset < documents.length; offset += SEED_BATCH) {
        const checkpoint = await index.getCheckpoint();
        const applied = await index.applyBatch('live', { from: checkpoint, to: checkpoint! }, (batch) => {
          for (const document of documents.slice(offset, offset + SEED_BATCH)) batch.upsert(document);
        });
        if (!applied) throw new Error('The search checkpoint moved while seeding');
      }

      const queryOf = (run: number) => searchQuery(TEXT_QUERIES[run % TEXT_QUERIES.length], { visibility: 'public', pageSize: PAGE_SIZE });
      const bodyOf = (run: number, overrides: Partial<SearchRequestInput> = {}): SearchRequestInput => ({
        searchString: TEXT_QUERIES[run % TEXT_QUERIES.length],
        categoryId: -1,
        entityType: 100,
        orderByAsc: false,
        Tags: [],
        pager: { ...firstSearchPager(false), pageSize: PAGE_SIZE },
        ...overrides,
      });
      const http = async (body: SearchRequestInput) => {
        const status = await postJson(agent, site.url, '/api/Search', body);
        if (status !== 200) throw new Error(`POST /api/Search answered ${status}`);
      };

      const db = new Database(join(site.dataDir, 'search.sqlite'), { readonly: true });
      const { value: slot } = db.prepare(`SELECT value FROM search_meta WHERE key = 'live'`).get() as { value: string };
      const match = db.prepare(`SELECT rowid FROM fts_${slot} WHERE fts_${slot} MATCH ? ORDER BY rowid DESC LIMIT ${PAGE_SIZE}`);
      const expression = (text: string) =>
        text
          .split(' ')
          .map((word, n, words) => `"${word}"${n === words.length - 1 ? '*' : ''}`)
          .join(' ');
      const raw = await latencies(runs, (run) => void match.all(expression(TEXT_QUERIES[run % TEXT_QUERIES.length])));
      db.close();
      const port = await latencies(runs, async (run) => void (await index.search(queryOf(run))));
      const overHttp = await latencies(runs, (run) => http(bodyOf(run)));
      const filterOnly = await latencies(runs, (run) =>
        http(
          bodyOf(run, {
            searchString: '',
            categoryId: CATEGORIES[run % CATEGORIES.length],
            entityType: 1,
            Tags: [TAGS[run % TAGS.length].id],
          }),
        ),
      );

      const rawP95 = percentile(raw, 0.95);
      const figures: Figure[] = [
        {
          name: 'SearchIndex.search, text: p95',
          value: percentile(port, 0.95),
          unit: 'ms',
          baseline: { name: 'raw FTS5 MATCH', value: rawP95 },
        },
        {
          name: 'POST /api/Search, text: p95',
          value: percentile(overHttp, 0.95),
          unit: 'ms',
          baseline: { name: 'raw FTS5 MATCH', value: rawP95 },
        },
        {
          name: 'POST /api/Search, text: p50',
          value: percentile(overHttp, 0.5),
          unit: 'ms',
          baseline: { name: 'raw FTS5 MATCH', value: percentile(raw, 0.5) },
        },
        {
          name: 'POST /api/Search, filters only: p95',
          value: percentile(filterOnly, 0.95),
          unit: 'ms',
          baseline: { name: 'raw FTS5 MATCH', value: rawP95 },
        },
      ];
      return {
        figures,
        summary: [
          {
            path: `search p95 at ${posts.toLocaleString('en')} posts`,
            measured: `port ${formatNumber(percentile(port, 0.95))} ms, HTTP ${formatNumber(percentile(overHttp, 0.95))} ms, raw FTS5 MATCH ${formatNumber(rawP95)} ms`,
            target: '',
          },
        ],
        notes: [
          `${posts.toLocaleString('en')} search documents written straight into the live FTS5 generation (applyBatch, ${SEED_BATCH.toLocaleString('en')} per batch), ` +
            'authored by 10 accounts signed up through the API; the site in this process (embedded, NODE_ENV=production).',
          `${runs} queries per figure after 20 warm-up ones, one at a time (latency, not throughput): 1-2 words, the last one a prefix, ${PAGE_SIZE} per page.`,
          'Raw FTS5: `SELECT rowid FROM fts_<live> WHERE ... MATCH ? ORDER BY rowid DESC LIMIT 20` on the same file: the floor the port adds ' +
            'its visibility filters, keyset and documents to, and HTTP adds author names, JSON and the request.',
        ],
      };
    } finally {
      agent.destroy();
      await site.stop();
    }
  },
};
