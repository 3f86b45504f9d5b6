import { Inject, Injectable } from '@nestjs/common';
import { Feed } from 'feed';
import { POST_KINDS, sanitizeRichText, TAGS, postKindOf } from '@app/domain';
import { ACCOUNTS_COLLECTION, plainTextOf, type AccountDocument, type PostViewDocument } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import type { SearchIndex } from '@app/search-index';
import { AuthorNames } from '../shared/author-names';
import { CLOCK, READ_STORE, SEARCH_INDEX, type Clock } from '../infrastructure/tokens';
import { escapeHtml, summary } from '../page-heads/html';
import { SITE_DESCRIPTION, SITE_NAME } from '../page-heads/page-head';
import { modifiedOn, PublicPosts, publishedOn } from '../page-heads/public-posts';
import { SiteUrls } from '../page-heads/site-urls';
import { FEED_PATHS } from '../page-heads/feed-paths';

/** How many of the newest posts a feed carries. */
export const FEED_SIZE = 20;

export type FeedFormat = 'rss' | 'atom';

interface FeedSubject {
  title: string;
  description: string;
  /** The page the feed follows (site, profile, tag search), absolute. */
  link: string;
  paths: { rss: string; atom: string };
  posts: PostViewDocument[];
}

/**
 * RSS 2.0 and Atom 1.0 feeds of the newest public posts, with their full sanitized content, for
 * the whole site, one user or one tag; from the read models.
 */
@Injectable()
export class Feeds {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(SEARCH_INDEX) private readonly searchIndex: SearchIndex,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly posts: PublicPosts,
    private readonly authorNames: AuthorNames,
    private readonly urls: SiteUrls,
  ) {}

  async site(format: FeedFormat): Promise<string> {
    const posts = await this.posts.latest(FEED_SIZE);
    return this.render(format, {
      title: SITE_NAME,
      description: SITE_DESCRIPTION,
      link: this.urls.absolute('/'),
      paths: FEED_PATHS.site,
      posts,
    });
  }

  /** A user's posts; null for an unknown (or erased) user. */
  async user(userName: string, format: FeedFormat): Promise<string | null> {
    const [account] = await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, { userName }, { limit: 1 });
    if (!account) return null;
    const posts = await this.posts.latest(FEED_SIZE, { authorId: account.id });
    return this.render(format, {
      title: `${account.name} on ${SITE_NAME}`,
      description: `Articles and questions by ${account.name} on ${SITE_NAME}.`,
      link: this.urls.profile(userName),
      paths: FEED_PATHS.user(userName),
      posts,
    });
  }

  /** Posts with a tag; null for a tag the site does not have. */
  async tag(subTag: string, format: FeedFormat): Promise<string | null> {
    const tag = TAGS.find((candidate) => candidate.subTag.toLowerCase() === subTag.toLowerCase());
    if (!tag) return null;
    const posts = await this.latestTagged(tag.id);
    return this.render(format, {
      title: `${tag.subTag} on ${SITE_NAME}`,
      description: `Articles and questions tagged ${tag.subTag} on ${SITE_NAME}.`,
      // The navbar's search (SPEC §2): every category, articles and questions.
      link: `${this.urls.absolute('/search')}?${new URLSearchParams({ searchString: tag.subTag, category: '-1', entityType: '100', orderBy: '0' }).toString()}`,
      paths: FEED_PATHS.tag(tag.subTag),
      posts,
    });
  }

  /**
   * Tags are a list, which read-store filters do not reach: the search read model, which filters
   * on tag ids, finds the newest public posts with the tag, and their post views are read.
   */
  private async latestTagged(tagId: number): Promise<PostViewDocument[]> {
    const found = await this.searchIndex.search({
      text: '',
      visibility: 'public',
      categoryId: -1,
      entityType: 100,
      tagIds: [tagId],
      orderByAsc: false,
      lastFetchedArticleId: Number.MAX_SAFE_INTEGER,
      lastFetchedQuestionId: Number.MAX_SAFE_INTEGER,
      pageSize: FEED_SIZE,
    });
    return this.posts.inOrder(found.map((hit) => POST_KINDS[postKindOf(hit.entityType) ?? 'article'].streamName(hit.id)));
  }

  private async render(format: FeedFormat, subject: FeedSubject): Promise<string> {
    const authorOf = await this.authorNames.lookup(subject.posts.map((post) => post.authorId));
    const newest = subject.posts.map((post) => Date.parse(modifiedOn(post))).reduce((latest, time) => Math.max(latest, time), 0);
    const feed = new Feed({
      title: subject.title,
      description: subject.description,
      id: subject.link,
      link: subject.link,
      language: 'en',
      image: this.urls.siteCard(),
      updated: newest ? new Date(newest) : this.clock(),
      generator: SITE_NAME,
      copyright: `Posts belong to their authors; ${SITE_NAME}`,
      feedLinks: { rss: this.urls.absolute(subject.paths.rss), atom: this.urls.absolute(subject.paths.atom) },
    });
    for (const post of subject.posts) {
      const author = authorOf(post.authorId);
      const url = this.urls.post(postKindOf(post.entityType) ?? 'article', post.postId, post.title);
      feed.addItem({
        title: escapeHtml(post.title),
        id: url,
        link: url,
        // RSS has only pubDate (the publication); Atom has both `updated` (this) and `published`.
        date: new Date(format === 'rss' ? publishedOn(post) : modifiedOn(post)),
        published: new Date(publishedOn(post)),
        description: escapeHtml(summary(post.description || plainTextOf(post.content), 300)),
        content: this.content(post),
        author: [{ name: author.name, ...(author.uName ? { link: this.urls.profile(author.uName) } : {}) }],
        category: post.tags.map((tag) => ({ name: tag.subTag, domain: this.urls.absolute(FEED_PATHS.tag(tag.subTag).rss) })),
      });
    }
    return format === 'rss' ? feed.rss2() : feed.atom1();
  }

  /**
   * The post's sanitized html with our images' sources absolute and images of other sites left
   * out: in a feed reader they are tracking pixels (the reader fetches them with no page around).
   */
  private content(post: PostViewDocument): string {
    const ownImages = this.urls.absolute('/images/');
    const html = this.urls
      .absoluteSources(sanitizeRichText(post.content))
      // Sanitized html double-quotes every attribute and escapes '>' in their values: a tag ends at the first '>'.
      .replace(/<img\b[^>]*>/gi, (image) => (image.includes(` src="${ownImages}`) ? image : ''));
    return withoutCdataEnd(html);
  }
}

/**
 * The feed package writes titles, descriptions and content as CDATA, and its XML writer (xml-js)
 * escapes only the first ']]>' of each: a second one would end the section and let the text forge
 * elements. Titles and descriptions are escaped as html (which both formats carry there: Atom says
 * type="html"), so they hold no '>'; in content, ']]&gt;' is the same html as ']]>'.
 */
function withoutCdataEnd(html: string): string {
  return html.replaceAll(']]>', ']]&gt;');
}
