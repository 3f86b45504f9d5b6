import { EntityType } from '@app/contracts';
import { slugify } from '@/lib/slug';

/** The search screen's query (SPEC §2): every field has the default the navbar search uses. */
export interface SearchLink {
  searchString?: string;
  category?: number;
  entityType?: number;
  orderBy?: number;
  /** Tag ids (query parameter `tag`, repeated): posts with any of them. */
  tags?: readonly number[];
}

const withId = (base: string, id?: number) => (id === undefined ? base : `${base}?id=${id}`);

/**
 * The SPA's routes (SPEC §2 route table), each `path` (for the router) beside its `getHref` (for
 * every link and navigate), as bulletproof-react's config/paths.ts does.
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    login: { path: '/login', getHref: () => '/login' },
    /** Where a sign-in with GitHub or an OpenID Connect provider comes back (the API's callback redirects here). */
    external: { path: '/login/external', getHref: () => '/login/external' },
    forgotPassword: { path: '/forgotpassword', getHref: () => '/forgotpassword' },
    resetPassword: { path: '/resetpassword', getHref: () => '/resetpassword' },
    sendConfirmationLink: { path: '/sendemailconfirmationlink', getHref: () => '/sendemailconfirmationlink' },
    confirmEmail: { path: '/confirmemail', getHref: () => '/confirmemail' },
  },
  article: {
    /** The submit form; with an id it edits that article. */
    submit: { path: '/article/submit', getHref: (id?: number) => withId('/article/submit', id) },
    /** The route table also writes the edit screen as article/submit/{id}: the app redirects it to the form. */
    submitWithId: { path: '/article/submit/:id', getHref: (id: number) => `/article/submit/${id}` },
    view: { path: '/article/:id/:title?', getHref: (id: number, title: string) => `/article/${id}/${slugify(title)}` },
    /** Every revision of the article and a diff of any two (owner and admins). */
    history: { path: '/article/history/:id', getHref: (id: number) => `/article/history/${id}` },
  },
  question: {
    /** The ask form; with an id it edits that question. */
    submit: { path: '/question/ask', getHref: (id?: number) => withId('/question/ask', id) },
    submitWithId: { path: '/question/ask/:id', getHref: (id: number) => `/question/ask/${id}` },
    view: { path: '/question/:id/:title?', getHref: (id: number, title: string) => `/question/${id}/${slugify(title)}` },
    history: { path: '/question/history/:id', getHref: (id: number) => `/question/history/${id}` },
  },
  search: {
    path: '/search',
    getHref: ({ searchString = '', category = -1, entityType = EntityType.ArticleQuestion, orderBy = 0, tags = [] }: SearchLink = {}) => {
      const query = new URLSearchParams({
        searchString,
        category: String(category),
        entityType: String(entityType),
        orderBy: String(orderBy),
      });
      for (const tag of tags) query.append('tag', String(tag));
      return `/search?${query.toString()}`;
    },
  },
  profile: { path: '/profile/:userName', getHref: (userName: string) => `/profile/${encodeURIComponent(userName)}` },
  admin: { path: '/admin', getHref: () => '/admin' },
  /** One post's moderation trail (admins): who created, edited, published, approved or deleted it and its comments. */
  moderationTrail: {
    path: '/admin/moderation/:kind/:id',
    getHref: (kind: 'article' | 'question', id: number) => `/admin/moderation/${kind}/${id}`,
  },
  uploadDocuments: { path: '/documents/upload', getHref: () => '/documents/upload' },
  aboutSite: { path: '/about-site', getHref: () => '/about-site' },
  aboutMe: { path: '/about-me', getHref: () => '/about-me' },
  contactMe: { path: '/contact-me', getHref: () => '/contact-me' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  writeForUs: { path: '/write-for-us', getHref: () => '/write-for-us' },
  readingList: { path: '/readinglist', getHref: () => '/readinglist' },
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  /** A tag's page: its posts, a Follow button and its feed. */
  tag: { path: '/tag/:subTag', getHref: (subTag: string) => `/tag/${encodeURIComponent(subTag)}` },
} as const;
