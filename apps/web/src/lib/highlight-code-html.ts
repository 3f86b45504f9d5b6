import type { Element, ElementContent, Root } from 'hast';
import { codeBlockLabel, highlightTree, languageIn } from '@/lib/highlight-code';

/** A block as the editor writes it: `<pre><code class="language-x">text</code></pre>` (or a bare `<pre>`). */
const CODE_BLOCK = /<pre>(?:<code( class="[^"<>]*")?>([^<]*)<\/code>|([^<]*))<\/pre>/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isSafeInteger(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function toHtml(node: Root | Element): string {
  return node.children
    .map((child: ElementContent | Root['children'][number]) => {
      if (child.type === 'text') return escapeText(child.value);
      if (child.type !== 'element') return '';
      const className = child.properties.className;
      const classes = Array.isArray(className) ? ` class="${className.join(' ')}"` : '';
      return `<${child.tagName}${classes}>${toHtml(child)}</${child.tagName}>`;
    })
    .join('');
}

/**
 * Sanitized rich text with each code block highlighted as `highlightCodeElement` does it in the
 * browser and wrapped as RichHtml wraps it (the copy button's place, focusable, labelled by its
 * language). A block of another shape (tags inside) is left for the browser.
 */
export function highlightCodeHtml(html: string): string {
  return html.replace(
    CODE_BLOCK,
    (_block, classAttribute: string | undefined, codeText: string | undefined, preText: string | undefined) => {
      const classes = classAttribute ? classAttribute.slice(' class="'.length, -1).split(/\s+/).filter(Boolean) : [];
      const language = languageIn(classes);
      const tree = highlightTree(language, decode(codeText ?? preText ?? ''));
      const ariaLabel = `tabindex="0" aria-label="${codeBlockLabel(language)}"`;
      // A bare <pre> is highlighted itself, as the browser does it.
      const pre =
        codeText === undefined
          ? `<pre class="hljs" ${ariaLabel}>${toHtml(tree)}</pre>`
          : `<pre ${ariaLabel}><code class="${[...classes, 'hljs'].join(' ')}">${toHtml(tree)}</code></pre>`;
      return `<div class="code-block"><div class="code-block-actions"></div>${pre}</div>`;
    },
  );
}
