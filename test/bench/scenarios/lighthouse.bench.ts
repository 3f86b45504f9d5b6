import { runLighthouse } from '../lighthouse';
import { formatNumber, type Figure } from '../support/report';
import type { Scenario } from '../support/scenario';
import { addComment, createArticle, signUpMany, startBenchSite } from '../support/site';

export const lighthouseScenario: Scenario = {
  id: 'lighthouse',
  title: 'Lighthouse (mobile preset) on home and an article',
  async run({ quick }) {
    const site = await startBenchSite('lighthouse');
    try {
      const [author, reader] = await signUpMany(site.url, 2, 'Author');
      let articleId = 0;
      for (let n = 0; n < 12; n += 1) articleId = await createArticle(site.url, author, n);
      for (let n = 0; n < 3; n += 1) await addComment(site.url, reader, articleId, n);
      // The article's canonical address (with its slug), as a visitor follows it.
      const canonical = await fetch(`${site.url}/article/${articleId}`, { redirect: 'manual' });
      const articlePath =
        canonical.status === 301 ? new URL(canonical.headers.get('location')!, site.url).pathname : `/article/${articleId}`;
      const paths = quick ? ['/'] : ['/', articlePath];
      const scores = await runLighthouse(site.url, paths);
      const figures: Figure[] = scores.flatMap((score) => [
        { name: `${score.path}: performance`, value: score.performance, unit: '' },
        { name: `${score.path}: accessibility`, value: score.accessibility, unit: '' },
        { name: `${score.path}: LCP`, value: score.lcpMs, unit: 'ms' },
        { name: `${score.path}: CLS`, value: score.cls, unit: '' },
        { name: `${score.path}: TBT`, value: score.tbtMs, unit: 'ms' },
      ]);
      return {
        figures,
        summary: scores.map((score) => ({
          path: `Lighthouse mobile, ${score.path === '/' ? 'home' : 'an article'}`,
          measured: `performance ${score.performance}, accessibility ${score.accessibility}, LCP ${formatNumber(score.lcpMs / 1000)} s, CLS ${formatNumber(score.cls)}, TBT ${formatNumber(score.tbtMs)} ms`,
          target: 'performance >= 95, LCP <= 2.5 s, CLS <= 0.1, accessibility stays 100',
        })),
        notes: [
          'The built site (NODE_ENV=production, embedded) with 12 articles and 3 comments made through the API; lighthouse@12 (npm), its default ' +
            `mobile preset (simulated throttling), driving Debian's chromium headless; one run per page${quick ? ', home only in --quick' : ''}.`,
          "No baseline: the figures stand against the issue's targets.",
        ],
      };
    } finally {
      await site.stop();
    }
  },
};
