import type { ServerResponse } from 'node:http';
import { join, relative, sep } from 'node:path';
import { Logger } from '@nestjs/common';
import type { Express, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { headTags } from '../page-heads/page-head';
import type { PageHeads } from '../page-heads/page-heads';
import { IndexTemplate } from '../page-heads/index-template';
import { FirstReads } from './first-reads';
import { PagePaints } from './page-paints';
import { PagePreloads } from './page-preloads';

// Case-insensitive like Express's routing: /API/Home is the API's.
const SERVER_PATHS = /^\/(api|images|ProfilePictures|File|metrics)(\/|$)/i;
const SOURCE_MAP = /\.map$/i;

/**
 * Serves the built SPA: its files, and index.html for client routes (deep links survive a
 * reload), its head filled for the route by `pages` (title, description, canonical URL, link
 * previews, JSON-LD), the page's text in a noscript for crawlers, and its first read
 * (first-reads.ts), from which a post is painted into the page (page-paints.ts). /api, /images and /metrics are never answered with the SPA. Files come precompressed (the build writes .br and .gz beside them); the
 * content-hashed ones under assets/ are cached for a year, everything else is revalidated.
 * `hideSourceMaps` (production): the build's .map files are not served (404), so the sources stay ours.
 */
export function useSpa(app: Express, webDistDir: string, pages: PageHeads, firstReads: FirstReads, hideSourceMaps = false): void {
  const template = new IndexTemplate(join(webDistDir, 'index.html'));
  const preloads = new PagePreloads(webDistDir);
  const paints = new PagePaints(webDistDir);
  const logger = new Logger('SpaPages');
  const serveFiles = expressStaticGzip(webDistDir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: { index: false, cacheControl: false, setHeaders: (response, file) => setCacheControl(response, webDistDir, file) },
  });
  const isPageRequest = (request: Request) =>
    (request.method === 'GET' || request.method === 'HEAD') &&
    !SERVER_PATHS.test(request.path) &&
    !(hideSourceMaps && SOURCE_MAP.test(request.path));
  // Never for server paths: the API answers its own malformed URLs with the envelope.
  app.use((request, response, next) => (isPageRequest(request) ? serveFiles(request, response, next) : next()));
  app.use((request, response, next) => {
    if (!isPageRequest(request)) return next();
    void servePage(request, response, { pages, firstReads, template, preloads, paints }).then(
      (served) => (served ? undefined : next()),
      (error: unknown) => {
        // The shell alone still works: the SPA loads its data itself.
        logger.error(`Filling the head of ${request.path} failed: ${String(error)}`);
        const shell = template.render('<title>DevCommunity</title>', '');
        if (!shell || response.headersSent) return next();
        response.status(200).type('html').setHeader('Cache-Control', 'no-cache').send(shell);
      },
    );
  });
}

interface PageParts {
  pages: PageHeads;
  firstReads: FirstReads;
  template: IndexTemplate;
  preloads: PagePreloads;
  paints: PagePaints;
}

async function servePage(request: Request, response: Response, parts: PageParts): Promise<boolean> {
  const { pages, firstReads, template, preloads, paints } = parts;
  if (template.render('', '') === null) return false;
  const queryStart = request.originalUrl.indexOf('?');
  const search = queryStart < 0 ? '' : request.originalUrl.slice(queryStart);
  const [page, firstRead] = await Promise.all([pages.answer(request.path, search), firstReads.readFor(request.path)]);
  if ('redirect' in page) {
    response.redirect(301, page.redirect);
    return true;
  }
  // A page nobody may read (404) has no first read, and so is never painted.
  const read = page.status === 200 ? firstRead : null;
  const pageChunks = read ? preloads.tagsFor(request.path) : '';
  const painted = read ? await paints.paint(request.path, read) : '';
  const html =
    template.render(
      pageChunks ? `${headTags(page)}\n    ${pageChunks}` : headTags(page),
      painted ? (page.noscriptBesidePaint ?? page.noscript) : page.noscript,
      read ? FirstReads.element(read) : '',
      painted,
    ) ?? '';
  response.status(page.status).type('html').setHeader('Cache-Control', 'no-cache').send(html);
  return true;
}

/** Vite names everything under assets/ by its content hash: a changed file gets a new name. */
function setCacheControl(response: ServerResponse, webDistDir: string, file: string): void {
  const hashed = relative(webDistDir, file).startsWith(`assets${sep}`);
  response.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}
