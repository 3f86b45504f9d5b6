import { useEffect, useState } from 'react';

const FEEDBACK_MS = 2000;

/** Copies a code block's text to the clipboard and says so for a moment. */
export function CopyCodeButton({ code }: { code: Element }) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), FEEDBACK_MS);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code.textContent ?? '');
      setOutcome('copied');
    } catch {
      setOutcome('failed'); // no clipboard permission, or not a secure context
    }
  };

  return (
    <>
      <button type="button" className="code-copy" onClick={() => void copy()}>
        {outcome === 'copied' ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> code</span>
      </button>
      <span className="visually-hidden" role="status">
        {outcome === 'copied' ? 'Code copied to the clipboard' : outcome === 'failed' ? 'The code could not be copied' : ''}
      </span>
    </>
  );
}
