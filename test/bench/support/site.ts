import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { articleBody, questionBody } from '../../support/posts';
import { startServer, type RunningServer } from '../../support/server';
import { callSite, signUpOnSite, type SiteAccount } from '../../support/site-api';
import { ROOT } from './children';
import { profilingEnv } from './profiles';

const BUILT = [
  join(ROOT, 'dist', 'apps', 'api', 'main.js'),
  join(ROOT, 'dist', 'apps', 'cli', 'main.js'),
  join(ROOT, 'apps', 'web', 'dist', 'index.html'),
];
/** Touched after a build of ours: webpack leaves an unchanged bundle's mtime alone, so dist/ alone cannot say it is fresh. */
const BUILD_STAMP = join(ROOT, '.tmp', 'bench', 'built-at');
const SOURCES = ['apps/api/src', 'apps/cli/src', 'apps/worker/src', 'apps/web/src', 'libs', 'projections/src'].map((dir) =>
  join(ROOT, dir),
);

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => (name === 'node_modules' || name === 'dist' ? 0 : newestMtime(join(path, name)))));
}

/** Builds the site (`npm run build`) when dist/ is missing or older than its sources; returns what it did. */
export function ensureBuilt(): string {
  const missing = BUILT.filter((file) => !existsSync(file));
  const stamp = existsSync(BUILD_STAMP) ? statSync(BUILD_STAMP).mtimeMs : 0;
  const oldestBuild = missing.length > 0 ? 0 : Math.max(stamp, Math.min(...BUILT.map((file) => statSync(file).mtimeMs)));
  const newestSource = Math.max(...SOURCES.filter(existsSync).map(newestMtime));
  if (missing.length === 0 && oldestBuild >= newestSource) return 'dist/ is up to date';
  const reason = missing.length > 0 ? `${missing.length} built file(s) missing` : 'sources are newer than dist/';
  console.log(`Building the site (${reason}): npm run build`);
  const startedAt = new Date();
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status})`);
  mkdirSync(dirname(BUILD_STAMP), { recursive: true });
  writeFileSync(BUILD_STAMP, startedAt.toISOString());
  utimesSync(BUILD_STAMP, startedAt, startedAt);
  return `built first (${reason})`;
}

/** The built site in embedded mode (with `--profile`, writing a CPU profile under .tmp/bench/profiles/<profileLabel>), NODE_ENV=production, on its own temporary DATA_DIR, abuse limits off. */
export function startBenchSite(profileLabel: string): Promise<RunningServer> {
  return startServer({ env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...profilingEnv(profileLabel) } });
}

/** Accounts made through the API's sign-up (real password hashing), a few at a time. */
export async function signUpMany(siteUrl: string, count: number, namePrefix = 'Bench User'): Promise<SiteAccount[]> {
  const accounts: SiteAccount[] = [];
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, (_, n) => signUpOnSite(siteUrl, `${namePrefix} ${start + n}`));
    accounts.push(...(await Promise.all(batch)));
  }
  return accounts;
}

const PARAGRAPH =
  '<p>Event sourcing keeps every change as an event; projections fold them into documents the reads serve. ' +
  'A checkpoint says how far each projection got, so a restart resumes where it stopped.</p>';

/** A published article through POST /api/Article, as the submit page sends it; returns its id. */
export function createArticle(siteUrl: string, author: SiteAccount, n: number): Promise<number> {
  return callSite<number>(siteUrl, 'POST', '/api/Article', {
    token: author.token,
    body: articleBody({ title: `Benchmark article ${n}: generics and variance`, isPublished: true, content: PARAGRAPH.repeat(6) }),
  });
}

export function createQuestion(siteUrl: string, author: SiteAccount, n: number): Promise<number> {
  return callSite<number>(siteUrl, 'POST', '/api/Question', {
    token: author.token,
    body: questionBody({ title: `Benchmark question ${n}: how do I cancel a Task?`, content: PARAGRAPH.repeat(2) }),
  });
}

export function addComment(siteUrl: string, author: SiteAccount, articleId: number, n: number): Promise<unknown> {
  return callSite(siteUrl, 'POST', '/api/ArticleComment', {
    token: author.token,
    body: {
      articleID: articleId,
      parentId: -1,
      content: `<p>Comment ${n}: thanks, this helped with my projections.</p>`,
      attachedFiles: [],
    },
  });
}

export function likeArticle(siteUrl: string, reader: SiteAccount, articleId: number): Promise<unknown> {
  return callSite(siteUrl, 'PUT', '/api/Article/Like', { token: reader.token, body: { id: articleId, isLiked: true } });
}
