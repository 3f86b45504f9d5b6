import { PRIVATE_PATHS } from '../page-heads/site-pages';

/** robots.txt: everything may be crawled but the API and the forms and personal screens; the sitemap is named. */
export const robotsTxt = (sitemapUrl: string): string =>
  ['User-agent: *', 'Allow: /', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
