import { join } from 'node:path';
import { runLighthouse } from '../lighthouse';
import { measureInitialJs } from '../spa-initial-js';
import { ROOT } from '../support/children';
import { formatNumber, type Figure } from '../support/report';
import type { Scenario } from '../support/scenario';
import { addComment, createArticle, createArticleWithCodeAndImage, signUpMany, startBenchSite } from '../support/site';

/** First screens whose initial JavaScript is measured: [label, page module in the SPA's build manifest]. */
const INITIAL_JS_PAGES: Array<[string, string]> = [
  ['home', 'src/app/routes/home-route.tsx'],
  ['article view', 'src/app/routes/post-view-route.tsx'],
];

export const lighthouseScenario: Scenario = {
  id: 'lighthouse',
  title: 'Lighthouse (mobile preset) on home and an article with a code block and an image',
  async run({ quick }) {
    const site = await startBenchSite('lighthouse');
    try {
      const [author, reader] = await signUpMany(site.url, 2, 'Author');
      for (let n = 0; n < 11; n += 1) await createArticle(site.url, author, n);
      // The newest article, the one measured: a code block and an image, as technical articles have.
      const articleId = await createArticleWithCodeAndImage(site.url, author);
      for (let n = 0; n < 3; n += 1) await addComment(site.url, reader, articleId, n);
      // The article's canonical address (with its slug), as a visitor follows it.
      const canonical = await fetch(`${site.url}/article/${articleId}`, { redirect: 'manual' });
      const articlePath =
        canonical.status === 301 ? new URL(canonical.headers.get('location')!, site.url).pathname : `/article/${articleId}`;
      const paths = quick ? ['/'] : ['/', articlePath];
      const scores = await runLighthouse(site.url, paths, { runs: quick ? 1 : 3 });
      const initialJs = measureInitialJs(
        join(ROOT, 'apps/web/dist'),
        INITIAL_JS_PAGES.map(([, page]) => page),
      );
      const initialJsFigures: Figure[] = initialJs.map((js, index) => ({
        name: `initial JS (gzip), ${index === 0 ? 'shell' : INITIAL_JS_PAGES[index - 1][0]}`,
        value: Math.round(js.totalGzipBytes / 1024),
        unit: 'KB',
      }));
      const figures: Figure[] = initialJsFigures.concat(
        scores.flatMap((score) => [
          { name: `${score.path}: performance`, value: score.performance, unit: '' },
          { name: `${score.path}: accessibility`, value: score.accessibility, unit: '' },
          { name: `${score.path}: FCP`, value: score.fcpMs, unit: 'ms' },
          { name: `${score.path}: LCP`, value: score.lcpMs, unit: 'ms' },
          { name: `${score.path}: CLS`, value: score.cls, unit: '' },
          { name: `${score.path}: TBT`, value: score.tbtMs, unit: 'ms' },
        ]),
      );
      return {
        figures,
        summary: [
          {
            path: 'SPA initial JS',
            measured:
              initialJsFigures.map((figure) => `${figure.name.replace('initial JS (gzip), ', '')} ${figure.value} KB`).join(', ') + ' gzip',
            target: '<= 120 KB gzip, routes split',
          },
          ...scores.map((score) => ({
            path: `Lighthouse mobile, ${score.path === '/' ? 'home' : 'an article'}`,
            measured: `performance ${score.performance}, accessibility ${score.accessibility}, FCP ${formatNumber(score.fcpMs / 1000)} s, LCP ${formatNumber(score.lcpMs / 1000)} s, CLS ${formatNumber(score.cls)}, TBT ${formatNumber(score.tbtMs)} ms`,
            target: 'performance >= 95, LCP <= 2.5 s, CLS <= 0.1, accessibility stays 100',
          })),
        ],
        notes: [
          'The built site (NODE_ENV=production, embedded) with 12 articles and 3 comments made through the API (the one measured has a highlighted code block and a 1280x640 PNG figure); lighthouse@12 (npm), its default ' +
            `mobile preset (simulated throttling), driving Debian's chromium headless; ${quick ? 'one run, home only in --quick' : 'the median of three runs per page'}.`,
          'Initial JS: what the first screen downloads (the entry, the page chunk and their static imports) from the build manifest, gzip level 9.',
          "No baseline: the figures stand against the issue's targets.",
        ],
      };
    } finally {
      await site.stop();
    }
  },
};
