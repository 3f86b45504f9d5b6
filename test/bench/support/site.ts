import { articleBody, questionBody } from '../../support/posts';
import { startServer, type RunningServer } from '../../support/server';
import { callSite, signUpOnSite, type SiteAccount } from '../../support/site-api';
export { createArticleWithCodeAndImage } from '../../support/technical-article';
import { UNIQUE } from './load';
import { profilingEnv } from './profiles';

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

/** A published article as a load sends it: its title and text new in every request (UNIQUE). */
export const uniqueArticleBody = (overrides: Record<string, unknown> = {}) =>
  articleBody({
    title: `Understanding generics in C#, part ${UNIQUE}`,
    content: `<h2>Generics</h2><p>Part ${UNIQUE}: generics let you write <strong>type-safe</strong> code.</p><pre><code class="language-csharp">List&lt;int&gt; xs;</code></pre>`,
    isPublished: true,
    ...overrides,
  });

/** A comment as a load sends it on `articleId`: its text new in every request. */
export const uniqueCommentBody = (articleId: number) => ({
  articleID: articleId,
  parentId: -1,
  content: `<p>Thanks, this helped (${UNIQUE}).</p>`,
  attachedFiles: [],
});

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
