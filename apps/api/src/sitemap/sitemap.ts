import { Inject, Injectable } from '@nestjs/common';
import { postKindOf } from '@app/domain';
import { ACCOUNTS_COLLECTION, PROFILES_COLLECTION, type AccountDocument, type ProfileDocument } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { READ_STORE } from '../infrastructure/tokens';
import { escapeHtml } from '../page-heads/html';
import { modifiedOn, PublicPosts } from '../page-heads/public-posts';
import { INDEXABLE_PAGES } from '../page-heads/site-pages';
import { SiteUrls } from '../page-heads/site-urls';
import { partCount, partSlices, SITEMAP_URL_LIMIT, type SourceSlice } from './sitemap-parts';

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Accounts that have a public profile: erased ones keep no handle. */
const WITH_PROFILE = { userName: { $ne: null } };

export const sitemapPartPath = (part: number) => `/sitemap-${part}.xml`;

/**
 * The sitemap from the read models: the indexable static pages, every post anyone may read and
 * the profile of each author of one, with lastmod. Past 50,000 URLs /sitemap.xml is an index of /sitemap-N.xml parts.
 */
@Injectable()
export class Sitemap {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly posts: PublicPosts,
    private readonly urls: SiteUrls,
  ) {}

  /** /sitemap.xml: all URLs when they fit in one file, the index of the parts otherwise. */
  async root(limit = SITEMAP_URL_LIMIT): Promise<string> {
    const counts = await this.sourceCounts();
    const parts = partCount(sum(counts), limit);
    if (parts === 1) return this.urlSet(await this.urlsOf(partSlices(counts, 1, limit)));
    const entries = Array.from(
      { length: parts },
      (_, index) => `<sitemap><loc>${escapeHtml(this.urls.absolute(sitemapPartPath(index + 1)))}</loc></sitemap>`,
    );
    return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }

  /** /sitemap-N.xml, or null past the last part. */
  async part(part: number, limit = SITEMAP_URL_LIMIT): Promise<string | null> {
    const counts = await this.sourceCounts();
    if (!Number.isSafeInteger(part) || part < 1 || part > partCount(sum(counts), limit)) return null;
    return this.urlSet(await this.urlsOf(partSlices(counts, part, limit)));
  }

  private async sourceCounts(): Promise<number[]> {
    const [posts, profiles] = await Promise.all([this.posts.count(), this.listedProfiles()]);
    return [INDEXABLE_PAGES.length + 1, posts, profiles.length];
  }

  /**
   * The accounts whose profile is listed, by id: those with a handle and at least one post anyone
   * may read. A profile without posts says little, and listing every signup would publish who has
   * an account. One indexed look-up (authorId) per account.
   */
  private async listedProfiles(): Promise<AccountDocument[]> {
    const accounts = await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, WITH_PROFILE, { sort: [['id', 1]] });
    const listed: AccountDocument[] = [];
    for (let start = 0; start < accounts.length; start += 100) {
      const batch = accounts.slice(start, start + 100);
      const hasPost = await Promise.all(
        batch.map(async (account) => (await this.posts.find({ authorId: account.id }, { limit: 1 })).length > 0),
      );
      listed.push(...batch.filter((_, index) => hasPost[index]));
    }
    return listed;
  }

  private async urlsOf(slices: SourceSlice[]): Promise<SitemapUrl[]> {
    const lists = await Promise.all(slices.map((slice) => this.sourceUrls(slice)));
    return lists.flat();
  }

  private async sourceUrls({ source, skip, limit }: SourceSlice): Promise<SitemapUrl[]> {
    if (source === 0) {
      return ['/', ...INDEXABLE_PAGES].slice(skip, skip + limit).map((path) => ({ loc: this.urls.absolute(path) }));
    }
    if (source === 1) {
      const posts = await this.posts.find({}, { sort: [['id', 1]], skip, limit });
      return posts.map((post) => ({
        loc: this.urls.post(postKindOf(post.entityType) ?? 'article', post.postId, post.title),
        lastmod: modifiedOn(post),
      }));
    }
    const accounts = (await this.listedProfiles()).slice(skip, skip + limit);
    const profiles = accounts.length
      ? await this.readStore.find<ProfileDocument>(PROFILES_COLLECTION, { id: { $in: accounts.map((account) => account.id) } })
      : [];
    const changedOn = new Map(profiles.map((profile) => [profile.id, profile.updatedOn]));
    return accounts.map((account) => {
      const lastmod = changedOn.get(account.id);
      return { loc: this.urls.profile(account.userName ?? ''), ...(typeof lastmod === 'string' ? { lastmod } : {}) };
    });
  }

  private urlSet(urls: SitemapUrl[]): string {
    const entries = urls.map(
      ({ loc, lastmod }) => `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>`,
    );
    return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${entries.join('\n')}\n</urlset>\n`;
  }
}

const sum = (counts: number[]) => counts.reduce((total, count) => total + count, 0);
