import type { SiteUrls } from './site-urls';
import { escapeHtml } from './html';
import { SITE_DESCRIPTION, type PageHead } from './page-head';

/** A page that does not exist or may not be shown: 404, never indexed, nothing of the hidden thing in it. */
export const notFoundHead = (urls: SiteUrls, title = 'Page not found'): PageHead => ({
  status: 404,
  title,
  description: SITE_DESCRIPTION,
  canonicalUrl: null,
  noindex: true,
  openGraphType: 'website',
  ...urls.previewImage(null),
  imageAlt: 'DevCommunity',
  alternates: [],
  jsonLd: [],
  noscript: `<h1>${escapeHtml(title)}</h1>`,
});
