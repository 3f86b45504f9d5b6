import { useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CopyCodeButton } from '@/components/code/copy-code-button';
import { CODE_LANGUAGES } from '@/lib/code-languages';
import { highlightCodeElement, languageOf } from '@/lib/highlight-code';
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
 * a copy button. The editor is not loaded for this: highlighting is lowlight's, applied to the DOM.
 */
export function RichHtml({ html, className }: { html: string; className: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [blocks, setBlocks] = useState<CodeBlock[]>([]);

  useLayoutEffect(() => {
    const container = ref.current;
    if (!container) return;
    // React sets innerHTML afresh whenever `html` changes, so each run starts from the stored markup.
    const found = [...container.querySelectorAll('pre')].map((pre): CodeBlock => {
      const code = pre.querySelector('code') ?? pre;
      const wrapped = pre.parentElement?.classList.contains('code-block') ? pre.parentElement : null;
      // Already done (an effect run twice in development): keep it as it is.
      if (wrapped) return { host: wrapped.querySelector<HTMLElement>('.code-block-actions') ?? wrapped, code };
      highlightCodeElement(code);
      const language = languageOf(code);
      const label = CODE_LANGUAGES.find((item) => item.value === language)?.label;
      pre.tabIndex = 0;
      pre.setAttribute('aria-label', label ? `Code (${label})` : 'Code');
      const block = document.createElement('div');
      block.className = 'code-block';
      pre.replaceWith(block);
      const host = document.createElement('div');
      host.className = 'code-block-actions';
      block.append(host, pre);
      return { host, code };
    });
    setBlocks(found);
  }, [html]);

  return (
    <>
      <div ref={ref} className={className} dangerouslySetInnerHTML={{ __html: html }} />
      {blocks.map((block, index) => createPortal(<CopyCodeButton code={block.code} />, block.host, `${index}`))}
    </>
  );
}
