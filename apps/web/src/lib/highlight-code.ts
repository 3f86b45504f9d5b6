import type { Element, ElementContent, Root } from 'hast';
import { lowlight } from '@/lib/code-languages';

/** The language a `class="language-x"` names, or null when it names none (or one we do not highlight). */
export function languageOf(element: globalThis.Element): string | null {
  const name = [...element.classList].find((item) => item.startsWith('language-'))?.slice('language-'.length);
  return name && lowlight.registered(name) ? name : null;
}

/**
 * Highlights the code of a `<pre><code class="language-x">` in place, as the editor's CodeBlockLowlight shows it:
 * its text becomes highlight.js's token spans (`hljs-keyword`…). Only text is read and only
 * spans with classes are written, so nothing of the stored html is interpreted.
 */
export function highlightCodeElement(code: globalThis.Element): void {
  const language = languageOf(code);
  const text = code.textContent ?? '';
  // No language named: guess among ours, as the editor does.
  const tree = language ? lowlight.highlight(language, text) : lowlight.highlightAuto(text);
  code.replaceChildren(...toDom(tree, code.ownerDocument));
  code.classList.add('hljs');
}

function toDom(node: Root | Element, document: Document): Node[] {
  return node.children.map((child: ElementContent | Root['children'][number]) => {
    if (child.type === 'text') return document.createTextNode(child.value);
    if (child.type === 'element') {
      const span = document.createElement(child.tagName);
      const className = child.properties.className;
      if (Array.isArray(className)) span.className = className.join(' ');
      span.append(...toDom(child, document));
      return span;
    }
    return document.createTextNode('');
  });
}
