import { readFileSync } from 'node:fs';

interface TemplateParts {
  /** Up to `</head>`, without the shell's own title and description. */
  head: string;
  /** From `</head>` into the root element (to its end when there is none: then nothing is painted). */
  body: string;
  /** The end of the root element, '' when there is none. */
  rootEnd: string;
  rest: string;
}

const ROOT_ELEMENT = /<div id="root"><\/div>/;

/**
 * Marks the end of what the server painted into the root element (page-paints.ts), for tools and
 * tests that take a painted page apart; the SPA's first render replaces it with the rest.
 */
export const PAINT_END = '<!--/painted-->';

/**
 * The built index.html, read and split once (on the first page served, so a site started before
 * the SPA is built picks it up when it appears), then filled per route: the head tags before
 * `</head>`, the page painted by the server inside the SPA's root element (replaced by the SPA's
 * first render), the crawler text and the page's data elements right after it, which React never touches.
 */
export class IndexTemplate {
  private parts: TemplateParts | null = null;

  constructor(private readonly indexFile: string) {}

  /** The page with these head tags, noscript text, data elements and painted markup; null while there is no built SPA. */
  render(headTags: string, noscript: string, data = '', painted = ''): string | null {
    const parts = this.parts ?? (this.parts = this.parse());
    if (!parts) return null;
    const paint = painted && parts.rootEnd ? `${painted}${PAINT_END}` : '';
    const crawlerText = noscript ? `\n    <noscript>${noscript}</noscript>` : '';
    const dataElements = data ? `\n    ${data}` : '';
    return `${parts.head}    ${headTags}\n  ${parts.body}${paint}${parts.rootEnd}${crawlerText}${dataElements}${parts.rest}`;
  }

  private parse(): TemplateParts | null {
    let html: string;
    try {
      html = readFileSync(this.indexFile, 'utf8');
    } catch {
      return null;
    }
    const withoutShellHead = html.replace(/\s*<title>[^<]*<\/title>/i, '').replace(/\s*<meta\s+name="description"[^>]*>/i, '');
    const headEnd = withoutShellHead.search(/<\/head>/i);
    // Vite always writes one; a page without a head cannot carry the tags.
    if (headEnd < 0) return null;
    const head = withoutShellHead.slice(0, headEnd).trimEnd() + '\n';
    const afterHead = withoutShellHead.slice(headEnd);
    const root = ROOT_ELEMENT.exec(afterHead);
    if (!root) {
      const bodyEnd = afterHead.search(/<\/body>/i);
      return { head, body: afterHead.slice(0, bodyEnd), rootEnd: '', rest: afterHead.slice(bodyEnd) };
    }
    const rootEnd = root.index + root[0].length;
    return { head, body: afterHead.slice(0, rootEnd - '</div>'.length), rootEnd: '</div>', rest: afterHead.slice(rootEnd) };
  }
}
