import { Injectable } from '@nestjs/common';
import { postKindOf, type PostKind } from '@app/domain';
import { FEED_PATHS, feedAlternates } from './feed-paths';
import { escapeHtml } from './html';
import { notFoundHead } from './not-found-head';
import { SITE_DESCRIPTION, SITE_NAME, type PageHead } from './page-head';
import { PostHeads, type PostPage } from './post-heads';
import { ProfileHeads } from './profile-heads';
import { PublicPosts } from './public-posts';
import { FORM_WITH_ID, SITE_PAGES } from './site-pages';
import { SiteUrls } from './site-urls';

const POST_ROUTE = /^\/(article|question)\/([^/]+)(?:\/([^/]*))?$/;
const PROFILE_ROUTE = /^\/profile\/([^/]+)$/;
/** How many of the latest posts the home page links for crawlers. */
const HOME_POSTS = 20;

const decoded = (segment: string): string | null => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
};

/** Each SPA route's head, filled from the read models: what link previews and crawlers read. */
@Injectable()
export class PageHeads {
  constructor(
    private readonly postHeads: PostHeads,
    private readonly profileHeads: ProfileHeads,
    private readonly posts: PublicPosts,
    private readonly urls: SiteUrls,
  ) {}

  /** `path` as requested (still percent-encoded), `search` its query string with the `?` or empty. */
  async answer(path: string, search: string): Promise<PostPage> {
    // The SPA's router ignores case and a trailing slash; so do its pages here.
    const route = path.length > 1 ? path.replace(/\/+$/, '') : path;
    const lower = route.toLowerCase();
    if (lower === '/') return this.home();
    const sitePage = SITE_PAGES[lower] ?? (FORM_WITH_ID.test(lower) ? SITE_PAGES[lower.replace(/\/\d+$/, '')] : undefined);
    if (sitePage) return this.sitePage(lower, sitePage.title, sitePage.noindex);

    const post = POST_ROUTE.exec(path);
    if (post) {
      const kind = post[1] as PostKind;
      const id = /^\d{1,15}$/.test(post[2]) ? Number(post[2]) : 0;
      if (id <= 0) return notFoundHead(this.urls, kind === 'article' ? 'Article not found' : 'Question not found');
      const slug = post[3] === undefined ? undefined : (decoded(post[3]) ?? '\0');
      return this.postHeads.head(kind, id, slug, search);
    }
    const profile = PROFILE_ROUTE.exec(route);
    if (profile) {
      const userName = decoded(profile[1]);
      return userName ? this.profileHeads.head(userName) : notFoundHead(this.urls, 'User not found');
    }
    // SPEC §2: any unknown path shows Home, but it is no page of its own to index.
    return { ...(await this.home()), canonicalUrl: null, noindex: true };
  }

  private siteAlternates() {
    return feedAlternates(FEED_PATHS.site, SITE_NAME, (path) => this.urls.absolute(path));
  }

  private sitePage(path: string, title: string, noindex: boolean): PageHead {
    return {
      status: 200,
      title,
      description: SITE_DESCRIPTION,
      canonicalUrl: noindex ? null : this.urls.absolute(path),
      noindex,
      openGraphType: 'website',
      ...this.urls.previewImage(null),
      imageAlt: SITE_NAME,
      alternates: this.siteAlternates(),
      jsonLd: [],
      noscript: `<h1>${escapeHtml(title)}</h1>`,
    };
  }

  private async home(): Promise<PageHead> {
    const latest = await this.posts.latest(HOME_POSTS);
    const links = latest.map((post) => {
      const kind = postKindOf(post.entityType) ?? 'article';
      return `<li><a href="${escapeHtml(this.urls.postPath(kind, post.postId, post.title))}">${escapeHtml(post.title)}</a></li>`;
    });
    const home = this.urls.absolute('/');
    return {
      status: 200,
      title: SITE_NAME,
      description: SITE_DESCRIPTION,
      canonicalUrl: home,
      noindex: false,
      openGraphType: 'website',
      ...this.urls.previewImage(null),
      imageAlt: SITE_NAME,
      alternates: this.siteAlternates(),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE_NAME,
          url: home,
          description: SITE_DESCRIPTION,
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${this.urls.absolute('/search')}?searchString={search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
      noscript: `<h1>${SITE_NAME}</h1><p>${escapeHtml(SITE_DESCRIPTION)}</p>${links.length ? `<h2>Latest posts</h2><ul>${links.join('')}</ul>` : ''}`,
    };
  }
}
