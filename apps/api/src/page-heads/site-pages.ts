/** The SPA's pages that are not a post or a profile (SPEC §2 route table), with the title each shows. */
export interface SitePage {
  title: string;
  /** Forms and personal screens: of no use in a search engine. */
  noindex: boolean;
}

export const SITE_PAGES: Readonly<Record<string, SitePage>> = {
  '/search': { title: 'Search', noindex: true },
  '/about-site': { title: 'About this site', noindex: false },
  '/about-me': { title: 'About me', noindex: false },
  '/contact-me': { title: 'Contact me', noindex: false },
  '/privacy': { title: 'Privacy', noindex: false },
  '/write-for-us': { title: 'Write for us', noindex: false },
  '/login': { title: 'Log in or sign up', noindex: true },
  '/login/external': { title: 'Signing in', noindex: true },
  '/forgotpassword': { title: 'Forgot password', noindex: true },
  '/resetpassword': { title: 'Reset password', noindex: true },
  '/sendemailconfirmationlink': { title: 'Send the confirmation link again', noindex: true },
  '/confirmemail': { title: 'Confirm e-mail', noindex: true },
  '/admin': { title: 'Admin Panel', noindex: true },
  '/documents/upload': { title: 'Upload documents', noindex: true },
  '/article/submit': { title: 'Submit an article', noindex: true },
  '/question/ask': { title: 'Ask a question', noindex: true },
};

/** The form routes also written with the post id as a segment (`/article/submit/12`). */
export const FORM_WITH_ID = /^(\/article\/submit|\/question\/ask)\/\d+$/;

/** Indexable static pages, for the sitemap. */
export const INDEXABLE_PAGES = Object.entries(SITE_PAGES)
  .filter(([, page]) => !page.noindex)
  .map(([path]) => path);

/** Paths robots are asked not to crawl: the API and every form or personal screen. */
export const PRIVATE_PATHS = [
  '/api/',
  ...Object.entries(SITE_PAGES)
    .filter(([path, page]) => page.noindex && path !== '/search')
    .map(([path]) => path),
];
