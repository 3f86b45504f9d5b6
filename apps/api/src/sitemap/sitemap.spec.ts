import { XMLParser } from 'fast-xml-parser';
import type { AppConfig } from '@app/config';
import { ACCOUNTS_COLLECTION, POST_VIEW_COLLECTION, PROFILES_COLLECTION } from '@app/projections';
import { useTemporaryReadStore } from '@app/testing';
import { PublicPosts } from '../page-heads/public-posts';
import { INDEXABLE_PAGES } from '../page-heads/site-pages';
import { SiteUrls } from '../page-heads/site-urls';
import { Sitemap } from './sitemap';

const SITE = 'https://dev.example';
const xml = new XMLParser();
const locs = (text: string): string[] => {
  const url = (xml.parse(text) as { urlset: { url?: { loc: string } | { loc: string }[] } }).urlset.url;
  return (Array.isArray(url) ? url : url ? [url] : []).map((entry) => entry.loc);
};

const post = (postId: number, visible: boolean) => ({
  id: `article-${postId}`,
  postId,
  entityType: 1,
  title: `Post ${postId}`,
  tags: [],
  authorId: 'a1',
  isPublished: true,
  isApproved: visible,
  deleted: false,
  createdOn: '2026-01-01T00:00:00.000Z',
  updatedOn: null,
  publishedOn: '2026-01-01T00:00:00.000Z',
});

/** The sitemap over a real read store, with a small URL limit so that the index of parts shows. */
describe('sitemap', () => {
  const readStore = useTemporaryReadStore();
  const sitemapOf = () => {
    const urls = new SiteUrls({ publicUrl: SITE } as AppConfig);
    return new Sitemap(readStore(), new PublicPosts(readStore()), urls);
  };

  beforeEach(() =>
    readStore().transaction(async (tx) => {
      for (const id of [1, 2, 3, 4]) await tx.upsert(POST_VIEW_COLLECTION, post(id, id !== 3));
      await tx.upsert(ACCOUNTS_COLLECTION, { id: 'a1', userName: 'ada', name: 'Ada', roleId: 1, emailConfirmed: true });
      await tx.upsert(ACCOUNTS_COLLECTION, { id: 'a2', userName: null, name: 'Deleted user', roleId: 1, emailConfirmed: true });
      await tx.upsert(PROFILES_COLLECTION, { id: 'a1', updatedOn: '2026-02-01T00:00:00.000Z' });
    }),
  );

  const everyUrl = () => [
    `${SITE}/`,
    ...INDEXABLE_PAGES.map((path) => `${SITE}${path}`),
    ...[1, 2, 4].map((id) => `${SITE}/article/${id}/post-${id}`),
    `${SITE}/profile/ada`,
  ];

  it('lists every page, visible post and profile in one file while they fit', async () => {
    const text = await sitemapOf().root();
    expect(locs(text)).toEqual(everyUrl());
    expect(text).toContain(`<url><loc>${SITE}/profile/ada</loc><lastmod>2026-02-01T00:00:00.000Z</lastmod></url>`);
  });

  it('becomes an index of parts past the limit, the parts listing each URL once', async () => {
    const limit = 4;
    const total = everyUrl().length;
    const index = xml.parse(await sitemapOf().root(limit)) as { sitemapindex: { sitemap: { loc: string }[] } };
    const partCount = Math.ceil(total / limit);
    expect(index.sitemapindex.sitemap.map((entry) => entry.loc)).toEqual(
      Array.from({ length: partCount }, (_, i) => `${SITE}/sitemap-${i + 1}.xml`),
    );
    const listed: string[] = [];
    for (let part = 1; part <= partCount; part++) {
      const urls = locs((await sitemapOf().part(part, limit)) ?? '');
      expect(urls.length).toBeLessThanOrEqual(limit);
      listed.push(...urls);
    }
    expect(listed).toEqual(everyUrl());
    expect(await sitemapOf().part(partCount + 1, limit)).toBeNull();
    expect(await sitemapOf().part(0, limit)).toBeNull();
  });
});
