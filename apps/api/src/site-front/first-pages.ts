import { POST_KINDS, type PostKind } from '@app/domain';

/**
 * The pages most often opened first, by the SPA module that draws them (its routes are in
 * apps/web/src/app/router.tsx, each page a chunk loaded when opened) and the API address whose
 * answer draws them first, as the SPA calls it. Their chunks are announced in the page's head
 * (page-preloads.ts) and their first read is written into the page (first-reads.ts). A `painted`
 * page is also drawn by the server from that read (page-paints.ts): a post, whose text is the
 * first screen (home's first screen waits on no more than its read).
 */
const FIRST_PAGES: { path: RegExp; module: string; firstRead: (match: RegExpExecArray) => string; painted: boolean }[] = [
  { path: /^\/$/, module: 'src/app/routes/home-route.tsx', firstRead: () => '/api/Home/', painted: false },
  {
    path: /^\/(article|question)\/(\d{1,15})(?:\/[^/]*)?\/?$/i,
    module: 'src/app/routes/post-view-route.tsx',
    firstRead: ([, kind, id]) => `/api/${POST_KINDS[kind.toLowerCase() as PostKind].label}/${id}`,
    painted: true,
  },
];

export const FIRST_PAGE_MODULES = FIRST_PAGES.map((page) => page.module);

/** The first page `path` is, with its module and first read; null for any other page. */
export function firstPageOf(path: string): { module: string; firstRead: string; painted: boolean } | null {
  for (const page of FIRST_PAGES) {
    const match = page.path.exec(path);
    if (match) return { module: page.module, firstRead: page.firstRead(match), painted: page.painted };
  }
  return null;
}
