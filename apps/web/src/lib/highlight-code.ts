import type { Element, ElementContent, Root } from 'hast';
import { CODE_LANGUAGES, lowlight } from '@/lib/code-languages';

/** The language a `class="language-x"` among `classes` names, or null when it names none (or one we do not highlight). */
export function languageIn(classes: Iterable<string>): string | null {
  const name = [...classes].find((item) => item.startsWith('language-'))?.slice('language-'.length);
  return name && lowlight.registered(name) ? name : null;
}

export function languageOf(element: globalThis.Element): string | null {
  return languageIn(element.classList);
}

/** A code block's accessible name: 'Code', with its language's name when it has one. */
export function codeBlockLabel(language: string | null): string {
  const label = CODE_LANGUAGES.find((item) => item.value === language)?.label;
  return label ? `Code (${label})` : 'Code';
}

/** highlight.js's token tree of `text` in `language`; with none named, guessed among ours, as the editor does. */
export function highlightTree(language: string | null, text: string): Root {
  return language ? lowlight.highlight(language, text) : lowlight.highlightAuto(text);
}

/**
 * Highlights the code of a `<pre><code class="language-x">` in place, as the editor's CodeBlockLowlight shows it:
 * its text becomes highlight.js's token spans (`hljs-keyword`…). Only text is read and only
 * spans with classes are written, so nothing of the stored html is interpreted.
 */
export function highlightCodeElement(code: globalThis.Element): void {
  const language = languageOf(code);
  code.replaceChildren(...toDom(highlightTree(language, code.textContent ?? ''), code.ownerDocument));
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
