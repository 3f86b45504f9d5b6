import type SanitizeHtml from 'sanitize-html';

let loaded: typeof SanitizeHtml | undefined;

/** sanitize-html and its parser load on the first post written, or by `loadRichTextSanitizer`, not when a process (the operator CLI) starts. */
function sanitizeHtml(html: string, options: SanitizeHtml.IOptions): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('sanitize-html') as typeof SanitizeHtml;
  return loaded(html, options);
}

/**
 * The allow-list keeps what the TipTap editor of the submit pages produces (StarterKit, Image,
 * Table, TextAlign, Link, headings, quotes, indentation, and the figure the image upload inserts) and nothing else. Anything not listed
 * is dropped: script, style, iframe, svg, event handlers, `javascript:` and `data:` URLs.
 */
const alignment = {
  'text-align': [/^(left|right|center|justify)$/],
  // The editor's indent outside lists (apps/web components/editor/indent.ts): 2em steps, at most 6.
  'margin-left': [/^(2|4|6|8|10|12)em$/],
};
const alignable = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th'] as const;
const tableCellAttributes = ['colspan', 'rowspan', 'colwidth', 'style'];

const RICH_TEXT_OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    ...['p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'hr'],
    ...['strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'a'],
    ...['ul', 'ol', 'li'],
    ...['img', 'figure', 'figcaption'],
    ...['table', 'colgroup', 'col', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    ...Object.fromEntries(alignable.map((tag) => [tag, ['style']])),
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    col: ['span'],
    td: tableCellAttributes,
    th: tableCellAttributes,
  },
  allowedClasses: { pre: ['language-*'], code: ['language-*'] },
  allowedStyles: Object.fromEntries(alignable.map((tag) => [tag, alignment])),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  selfClosing: ['img', 'br', 'hr', 'col'],
  transformTags: {
    // A link that opens a new tab must not hand the opener window to the linked page.
    a: (tagName, attribs) =>
      attribs.target ? { tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } } : { tagName, attribs },
  },
  // Runs after the scheme check, which has already removed a bad href or src.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !isAllowedImageSource(frame.attribs.src);
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

/**
 * One of our stored images: a stored file name (libs/files stored-file-name.ts: letters, digits,
 * '.', '_', '-', not starting with a dot) of an image type, and nothing else: no '%' escape
 * (`%2e%2e`), sub-folder, query or fragment can point it at another URL of the site.
 */
const STORED_IMAGE_PATH = /^\/images\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,250}\.(?:png|jpe?g)$/i;

/** Absolute http(s), or our own uploaded images; no other relative path. */
function isAllowedImageSource(src: string | undefined): boolean {
  if (!src) return false;
  if (/^https?:\/\//i.test(src)) return true;
  return STORED_IMAGE_PATH.test(src) && !src.includes('..');
}

/** Loads sanitize-html now (an API process, once it listens): else the first post written waits for it (~100-200 ms). */
export function loadRichTextSanitizer(): void {
  sanitizeHtml('<p></p>', RICH_TEXT_OPTIONS);
}

/**
 * The last few results. A command sanitizes its content twice (its mentions are read from the clean
 * text before the decider cleans it again), and the parse is most of a post command's own CPU.
 */
const recentlySanitized = new Map<string, string>();
const REMEMBERED = 16;
const REMEMBERED_MAX_LENGTH = 256 * 1024;

/** Sanitizes editor html before it becomes an event. Idempotent. */
export function sanitizeRichText(html: string): string {
  const known = recentlySanitized.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, RICH_TEXT_OPTIONS);
  if (html.length <= REMEMBERED_MAX_LENGTH) {
    if (recentlySanitized.size >= REMEMBERED) recentlySanitized.delete(recentlySanitized.keys().next().value!);
    recentlySanitized.set(html, clean);
  }
  return clean;
}

/**
 * The editor's 'required' rule on html that `sanitizeRichText` returned: an image, or some text
 * other than white space. Sanitized html has every `<` of its text escaped, so whatever lies
 * between `<` and `>` is a tag.
 */
function hasVisibleContent(clean: string): boolean {
  if (/<img\s/i.test(clean)) return true;
  const text = clean.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  return text.trim().length > 0;
}

/** The sanitized html, or null when nothing visible remains of it (the editor's 'required' rule); one parse. */
export function sanitizeRequiredRichText(html: string): string | null {
  const clean = sanitizeRichText(html);
  return hasVisibleContent(clean) ? clean : null;
}
