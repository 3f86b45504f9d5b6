import { Inject, Injectable } from '@nestjs/common';
import { POST_KINDS, postKindOf } from '@app/domain';
import { ACCOUNTS_COLLECTION, PROFILES_COLLECTION, type AccountDocument, type ProfileDocument } from '@app/projections';
import type { ReadStore } from '@app/read-store';
import { FEED_PATHS, feedAlternates } from './feed-paths';
import { READ_STORE } from '../infrastructure/tokens';
import { escapeHtml, summary } from './html';
import { notFoundHead } from './not-found-head';
import { SITE_NAME, type PageHead } from './page-head';
import { PublicPosts } from './public-posts';
import { SiteUrls } from './site-urls';

/** How many of a user's posts their profile page links for crawlers. */
const POSTS_LINKED = 20;

/** The head of a profile page: `ProfilePage` about a Person, from the accounts and profiles read models. */
@Injectable()
export class ProfileHeads {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly posts: PublicPosts,
    private readonly urls: SiteUrls,
  ) {}

  async head(userName: string): Promise<PageHead> {
    const [account] = await this.readStore.find<AccountDocument>(ACCOUNTS_COLLECTION, { userName }, { limit: 1 });
    if (!account) return notFoundHead(this.urls, 'User not found');
    const [profile, posts] = await Promise.all([
      this.readStore.get<ProfileDocument>(PROFILES_COLLECTION, account.id),
      this.posts.latest(POSTS_LINKED, { authorId: account.id }),
    ]);
    const url = this.urls.profile(userName);
    const headline = profile?.title ? `${account.name}, ${profile.title}` : account.name;
    const description = summary(profile?.about || `${headline}: articles and questions on ${SITE_NAME}.`);
    const picture = profile?.profilePic ? this.urls.profilePicture(profile.profilePic) : null;
    const sameAs = [profile?.websiteUrl, profile?.gitHubUrl, profile?.linkedInUrl].filter(
      (link): link is string => typeof link === 'string' && /^https?:\/\//i.test(link),
    );
    const postLinks = posts.map((post) => {
      const kind = postKindOf(post.entityType) ?? 'article';
      return `<li><a href="${escapeHtml(this.urls.postPath(kind, post.postId, post.title))}">${escapeHtml(post.title)}</a> (${POST_KINDS[kind].label})</li>`;
    });
    return {
      status: 200,
      title: account.name,
      description,
      canonicalUrl: url,
      noindex: false,
      openGraphType: 'profile',
      ...this.urls.previewImage(picture),
      imageAlt: account.name,
      profileUserName: userName,
      alternates: [
        ...feedAlternates(FEED_PATHS.site, SITE_NAME, (path) => this.urls.absolute(path)),
        ...feedAlternates(FEED_PATHS.user(userName), `${account.name} on ${SITE_NAME}`, (path) => this.urls.absolute(path)),
      ],
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ProfilePage',
          url,
          ...(typeof profile?.updatedOn === 'string' ? { dateModified: profile.updatedOn } : {}),
          mainEntity: {
            '@type': 'Person',
            name: account.name,
            alternateName: userName,
            identifier: userName,
            url,
            ...(profile?.title ? { jobTitle: profile.title } : {}),
            ...(profile?.about ? { description: profile.about } : {}),
            ...(picture ? { image: picture } : {}),
            ...(sameAs.length ? { sameAs } : {}),
          },
        },
      ],
      noscript: [
        `<h1>${escapeHtml(account.name)}</h1>`,
        profile?.title ? `<p>${escapeHtml(profile.title)}</p>` : '',
        profile?.about ? `<p>${escapeHtml(profile.about)}</p>` : '',
        postLinks.length ? `<h2>Posts</h2><ul>${postLinks.join('')}</ul>` : '',
      ].join(''),
    };
  }
}
