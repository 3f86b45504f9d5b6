import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { sanitizeRichText } from '@app/domain';
import { firstPageOf } from './first-pages';
import type { FirstRead } from './first-reads';

/** What the SPA's server entry exports (apps/web/src/server-paint.tsx). */
interface ServerPaint {
  paintPage(path: string, firstRead: { url: string; json: string }): Promise<string | null>;
}

/**
 * Posts painted by the server: the SPA's own first render of the page for a visitor, from the
 * page's first read (which exists only for a post anyone may read: never a draft, an unapproved,
 * hidden or deleted post), made by the SPA's server entry (apps/web/dist-server, built beside
 * the SPA). The page then shows before the SPA's script has come and run, and the SPA's first
 * render replaces it with the same. Each paint is kept with its first read, which is serialized
 * once per read-model version, so a post is painted once per change. Without the server entry
 * (an SPA built without it) or when a paint fails, pages are served unpainted, as before.
 */
export class PagePaints {
  private entry: ServerPaint | null | undefined;
  private readonly paints = new WeakMap<Buffer, { path: string; html: Promise<string> }>();
  private readonly logger = new Logger('PagePaints');

  constructor(private readonly webDistDir: string) {}

  /** The markup for the SPA's root element at `path` ('' when the page is not painted). */
  paint(path: string, firstRead: FirstRead): Promise<string> {
    if (!firstPageOf(path)?.painted) return Promise.resolve('');
    const kept = this.paints.get(firstRead.json);
    if (kept?.path === path) return kept.html;
    const html = this.paintNow(path, firstRead);
    this.paints.set(firstRead.json, { path, html });
    return html;
  }

  private async paintNow(path: string, firstRead: FirstRead): Promise<string> {
    const entry = this.load();
    if (!entry) return '';
    try {
      return (await entry.paintPage(path, { url: firstRead.url, json: withSafeContent(firstRead.json) })) ?? '';
    } catch (error) {
      this.logger.warn(`Painting ${path} failed, served unpainted: ${String(error)}`);
      return '';
    }
  }

  private load(): ServerPaint | null {
    if (this.entry !== undefined) return this.entry;
    const file = join(this.webDistDir, '..', 'dist-server', 'server-paint.cjs');
    try {
      this.entry = existsSync(file) ? (createRequire(file)(file) as ServerPaint) : null;
    } catch (error) {
      this.logger.warn(`The SPA's server entry ${file} did not load: pages are served unpainted. ${String(error)}`);
      this.entry = null;
    }
    return this.entry;
  }
}

/**
 * The SPA sets a post's content as innerHTML, where a `<script>` never runs; painted into the
 * page, the document's parser would run one. The content was sanitized when written; it is
 * sanitized again here, as the crawlers' text is, so what the allow-list drops never reaches the page.
 */
function withSafeContent(json: Buffer): string {
  const read = JSON.parse(json.toString('utf8')) as { content?: unknown };
  return JSON.stringify(typeof read.content === 'string' ? { ...read, content: sanitizeRichText(read.content) } : read);
}
