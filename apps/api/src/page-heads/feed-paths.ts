import type { AlternateLink } from './page-head';

const segment = encodeURIComponent;

/**
 * Where the feeds are: RSS 2.0 under /feed, Atom under /atom, each for the whole site, one user
 * (/feed/{userName}) or one tag (/feed/tag/{tag}). A user named 'tag' is no clash: a tag's feed has one segment more.
 */
export const FEED_PATHS = {
  site: { rss: '/feed', atom: '/atom' },
  user: (userName: string) => ({ rss: `/feed/${segment(userName)}`, atom: `/atom/${segment(userName)}` }),
  tag: (subTag: string) => ({ rss: `/feed/tag/${segment(subTag)}`, atom: `/atom/tag/${segment(subTag)}` }),
};

/** The `<link rel="alternate">` pair of one feed. */
export const feedAlternates = (
  paths: { rss: string; atom: string },
  title: string,
  absolute: (path: string) => string,
): AlternateLink[] => [
  { type: 'application/rss+xml', title: `${title} (RSS)`, href: absolute(paths.rss) },
  { type: 'application/atom+xml', title: `${title} (Atom)`, href: absolute(paths.atom) },
];
