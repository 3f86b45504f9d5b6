import { readFileSync } from 'node:fs';

interface TemplateParts {
  /** Up to `</head>`, without the shell's own title and description. */
  head: string;
  /** From `</head>` to the end of the root element. */
  body: string;
  rest: string;
}

const ROOT_ELEMENT = /<div id="root"><\/div>/;

/**
 * The built index.html, read and split once (on the first page served, so a site started before
 * the SPA is built picks it up when it appears), then filled per route: the head tags before
 * `</head>`, the crawler text and the page's data elements right after the SPA's root element,
 * which React never touches.
 */
export class IndexTemplate {
  private parts: TemplateParts | null = null;

  constructor(private readonly indexFile: string) {}

  /** The page with these head tags, noscript text and data elements; null while there is no built SPA. */
  render(headTags: string, noscript: string, data = ''): string | null {
    const parts = this.parts ?? (this.parts = this.parse());
    if (!parts) return null;
    const crawlerText = noscript ? `\n    <noscript>${noscript}</noscript>` : '';
    const dataElements = data ? `\n    ${data}` : '';
    return `${parts.head}    ${headTags}\n  ${parts.body}${crawlerText}${dataElements}${parts.rest}`;
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
    const bodyEnd = root ? root.index + root[0].length : afterHead.search(/<\/body>/i);
    return { head, body: afterHead.slice(0, bodyEnd), rest: afterHead.slice(bodyEnd) };
  }
}
