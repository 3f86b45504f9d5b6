import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';
import { Feeds, type FeedFormat } from '../feeds/feeds';
import { PostCards } from '../page-heads/post-cards';
import { POST_CARD_PATH, SITE_CARD_PATH, SiteUrls } from '../page-heads/site-urls';
import { robotsTxt } from '../sitemap/robots';
import { Sitemap } from '../sitemap/sitemap';
import { failureEnvelope } from '../http/envelope';

const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};
/** Crawlers and feed readers poll: a few minutes of caching spares the read models. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * What crawlers and feed readers fetch outside the SPA: /robots.txt, /sitemap.xml (and its
 * /sitemap-N.xml parts), the RSS (/feed...) and Atom (/atom...) feeds, and the link-preview cards
 * (the site's, and one per visible post).
 * Registered before the SPA fallback, so none of them is answered with index.html.
 */
export function useCrawlerRoutes(express: Express, app: NestExpressApplication): void {
  const urls = app.get(SiteUrls);
  const sitemap = app.get(Sitemap);
  const feeds = app.get(Feeds);
  const logger = new Logger('CrawlerRoutes');
  const cards = app.get(PostCards);

  const send = (type: string, body: string | Buffer) => (response: Response) =>
    response.status(200).type(type).setHeader('Cache-Control', CACHE_CONTROL).send(body);
  const notFound = (response: Response) => response.status(404).json(failureEnvelope('Not found.'));
  const answer =
    (produce: (request: Request) => Promise<((response: Response) => unknown) | null>) => (request: Request, response: Response) => {
      void produce(request).then(
        (reply) => (reply ? reply(response) : notFound(response)),
        (error: unknown) => {
          logger.error(`${request.path} failed: ${String(error)}`);
          if (!response.headersSent) response.status(503).json(failureEnvelope('Please try again later.'));
        },
      );
    };
  const feed = (format: FeedFormat) => (body: string | null) => (body === null ? null : send(CONTENT_TYPES[format], body));

  express.get('/robots.txt', (_request, response) => send('text/plain; charset=utf-8', robotsTxt(urls.absolute('/sitemap.xml')))(response));
  // A card's address changes with what it shows (see PostCards), so it may be kept for a day.
  const png = (body: Buffer) => (response: Response) =>
    response.status(200).type('image/png').setHeader('Cache-Control', 'public, max-age=86400').send(body);
  express.get(
    SITE_CARD_PATH,
    answer(async () => png(await cards.siteCard())),
  );
  express.get(
    POST_CARD_PATH,
    answer(async (request) => {
      const [, kind, id] = POST_CARD_PATH.exec(request.path)!;
      const card = await cards.postCard(kind as 'article' | 'question', Number(id));
      return card && png(card);
    }),
  );
  express.get(
    '/sitemap.xml',
    answer(async () => send('application/xml; charset=utf-8', await sitemap.root())),
  );
  express.get(
    /^\/sitemap-(\d{1,6})\.xml$/,
    answer(async (request) => {
      const body = await sitemap.part(Number(/(\d+)/.exec(request.path)?.[1]));
      return body === null ? null : send('application/xml; charset=utf-8', body);
    }),
  );
  for (const format of ['rss', 'atom'] as const) {
    const root = format === 'rss' ? '/feed' : '/atom';
    express.get(
      [root, `${root}.xml`],
      answer(async () => feed(format)(await feeds.site(format))),
    );
    express.get(
      `${root}/tag/:tag`,
      answer(async (request) => feed(format)(await feeds.tag(String(request.params.tag), format))),
    );
    express.get(
      `${root}/:userName`,
      answer(async (request) => feed(format)(await feeds.user(String(request.params.userName), format))),
    );
  }
}
