import { escapeHtml, jsonLdScript } from './html';

export const SITE_NAME = 'DevCommunity';
export const SITE_DESCRIPTION = 'A free developer-learning community: technical articles and questions.';

/** A feed offered with `<link rel="alternate">`. */
export interface AlternateLink {
  type: 'application/rss+xml' | 'application/atom+xml';
  title: string;
  href: string;
}

/** What a post page tells link previews beyond the common tags (Open Graph `article:*`). */
export interface ArticleFacts {
  authorName: string;
  /** The author's profile, absolute; absent once the author is erased. */
  authorUrl: string | null;
  publishedTime: string;
  modifiedTime: string;
  section: string;
  tags: string[];
}

/** The head (and the crawler-readable body) of one SPA page, as the server fills it for that route. */
export interface PageHead {
  status: 200 | 404;
  /** The page's own title; the site name is added. */
  title: string;
  description: string;
  /** Absolute; none for pages that are not to be indexed. */
  canonicalUrl: string | null;
  noindex: boolean;
  openGraphType: 'website' | 'article' | 'profile';
  /** Absolute URL of the preview image. */
  image: string;
  /** Known for the site card only. */
  imageSize?: { width: number; height: number };
  imageAlt: string;
  article?: ArticleFacts;
  /** Open Graph `profile:username`. */
  profileUserName?: string;
  alternates: AlternateLink[];
  jsonLd: object[];
  /** Safe HTML of the page's text, shown only without JavaScript (crawlers); the SPA renders its own. */
  noscript: string;
  /** The part of `noscript` the page painted by the server lacks (site-front/page-paints.ts); absent: all of it. */
  noscriptBesidePaint?: string;
}

const meta = (key: 'name' | 'property', name: string, content: string) =>
  `<meta ${key}="${escapeHtml(name)}" content="${escapeHtml(content)}">`;

/** The tags that go into `<head>`, every value escaped. */
export function headTags(head: PageHead): string {
  const title = head.title === SITE_NAME ? SITE_NAME : `${head.title} - ${SITE_NAME}`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">` : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.openGraphType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonicalUrl ? meta('property', 'og:url', head.canonicalUrl) : '',
    meta('property', 'og:image', head.image),
    head.imageSize ? meta('property', 'og:image:width', String(head.imageSize.width)) : '',
    head.imageSize ? meta('property', 'og:image:height', String(head.imageSize.height)) : '',
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    meta('name', 'twitter:image:alt', head.imageAlt),
    ...articleTags(head.article),
    head.profileUserName ? meta('property', 'profile:username', head.profileUserName) : '',
    ...head.alternates.map(
      ({ type, title: feedTitle, href }) =>
        `<link rel="alternate" type="${type}" title="${escapeHtml(feedTitle)}" href="${escapeHtml(href)}">`,
    ),
    ...head.jsonLd.map(jsonLdScript),
  ];
  return tags.filter(Boolean).join('\n    ');
}

function articleTags(article: ArticleFacts | undefined): string[] {
  if (!article) return [];
  return [
    meta('name', 'author', article.authorName),
    article.authorUrl ? meta('property', 'article:author', article.authorUrl) : '',
    meta('property', 'article:published_time', article.publishedTime),
    meta('property', 'article:modified_time', article.modifiedTime),
    article.section ? meta('property', 'article:section', article.section) : '',
    ...article.tags.map((tag) => meta('property', 'article:tag', tag)),
  ];
}
