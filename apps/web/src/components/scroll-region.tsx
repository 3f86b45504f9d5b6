import type { ReactNode } from 'react';
import '@/components/components.css';

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the screen, instead
 * of the whole page. It is a tab stop with a name, so a keyboard reader can reach and scroll it
 * (axe scrollable-region-focusable).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="scroll-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
