import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CopyCodeButton } from '@/components/code/copy-code-button';
import { paintedCodeBlocks } from '@/components/code/painted-code-blocks';
import { linkMentions } from '@/lib/link-mentions';
// highlight.js's GitHub Dark theme for the token classes lowlight writes (hljs-keyword…).
import 'highlight.js/styles/github-dark.css';
import '@/components/code/code.css';

interface CodeBlock {
  /** Where the block's copy button is rendered. */
  host: HTMLElement;
  code: Element;
}

/**
 * Stored rich text (sanitized by the server with an allow-list before it was stored), rendered as
 * is, with its code blocks highlighted as the editor shows them, keyboard-scrollable, and each with
 * a copy button. The editor is not loaded for this: highlighting is lowlight's, applied to the DOM,
 * loaded only for a text with code (its grammars are most of a post page's script); the blocks
 * keep their size as their text turns into coloured spans. `@userName` mentions link to the profile.
 */
export function RichHtml({ html, className }: { html: string; className: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [blocks, setBlocks] = useState<CodeBlock[]>([]);
  const shown = useMemo(() => paintedCodeBlocks(linkMentions(html)), [html]);

  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    // React sets innerHTML afresh whenever `html` changes, so each run starts from the stored markup.
    const unhighlighted: { pre: HTMLElement; code: Element }[] = [];
    const found = [...container.querySelectorAll('pre')].map((pre): CodeBlock => {
      const code = pre.querySelector('code') ?? pre;
      const wrapped = pre.parentElement?.classList.contains('code-block') ? pre.parentElement : null;
      // Already done (an effect run twice in development): keep it as it is.
      if (wrapped) return { host: wrapped.querySelector<HTMLElement>('.code-block-actions') ?? wrapped, code };
      unhighlighted.push({ pre, code });
      pre.tabIndex = 0;
      pre.setAttribute('aria-label', 'Code');
      const block = document.createElement('div');
      block.className = 'code-block';
      pre.replaceWith(block);
      const host = document.createElement('div');
      host.className = 'code-block-actions';
      block.append(host, pre);
      return { host, code };
    });
    // A wide table scrolls sideways in its own box: a keyboard reader must be able to reach it.
    for (const table of container.querySelectorAll('table')) table.tabIndex = 0;
    setBlocks(found);
    if (unhighlighted.length === 0) return;
    let current = true;
    void import('@/lib/highlight-code').then(({ highlightCodeElement, languageOf, codeBlockLabel }) => {
      if (!current) return;
      for (const { pre, code } of unhighlighted) {
        highlightCodeElement(code);
        pre.setAttribute('aria-label', codeBlockLabel(languageOf(code)));
      }
    });
    return () => {
      current = false;
    };
  }, [shown]);

  return (
    <>
      {/* Adopting the server's paint, React keeps its markup, whose code blocks are highlighted already. */}
      <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: shown }} suppressHydrationWarning />
      {blocks.map((block, index) => createPortal(<CopyCodeButton code={block.code} />, block.host, `${index}`))}
    </>
  );
}
