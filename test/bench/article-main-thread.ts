import { launchBrowser } from '../support/browser';
import { startServer } from '../support/server';
import { signUpOnSite } from '../support/site-api';
import { createArticleWithCodeAndImage } from '../support/technical-article';

/** Chromium's trace event of one task on a thread: wall and thread (CPU) time in µs. */
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { url?: string } };
}

const SLOWDOWN = 4;
const LONG_TASK_MS = 50;

/**
 * The main-thread work of the article the Lighthouse scenario measures (a code block and an
 * image), as a phone's visitor loads it (412x823, no session): each task's CPU time from a
 * Chromium trace, so other processes' load on a shared machine does not lengthen it, and the
 * blocking time those tasks would make on a CPU `SLOWDOWN` times slower, as Lighthouse's mobile
 * preset assumes. A before/after check of the article's TBT that does not depend on a quiet
 * machine (issue 25). Needs a built tree: `node -r @swc-node/register test/bench/article-main-thread.ts [runs]`.
 */
async function main(runs: number) {
  const site = await startServer({ env: { NODE_ENV: 'production', LOG_LEVEL: 'warn' } });
  const browser = await launchBrowser();
  try {
    const author = await signUpOnSite(site.url, 'Author');
    const id = await createArticleWithCodeAndImage(site.url, author);
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      await page.goto(`${site.url}/article/${id}`, { waitUntil: 'load' });
      await page.waitForTimeout(4000);
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
      // The page's main thread: where the SPA's scripts run.
      const main = traceEvents.find((event) => event.name === 'FunctionCall' && event.args?.data?.url?.includes('/assets/'));
      const tasks = traceEvents
        .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === main?.pid && event.tid === main?.tid)
        .map((event) => (event.tdur ?? 0) / 1000);
      const blocking = tasks.reduce((sum, cpu) => sum + Math.max(0, SLOWDOWN * cpu - LONG_TASK_MS), 0);
      const cpu = tasks.reduce((sum, ms) => sum + ms, 0);
      const longest = [...tasks].sort((a, b) => b - a).slice(0, 5);
      console.log(
        `run ${run + 1}: blocking at ${SLOWDOWN}x ${Math.round(blocking)} ms, main-thread CPU ${Math.round(cpu)} ms, ` +
          `longest tasks ${longest.map((ms) => Math.round(ms)).join(', ')} ms`,
      );
      await context.close();
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

void main(Number(process.argv[2] ?? 3));
