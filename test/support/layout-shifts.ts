import type { Page } from 'playwright-core';

export interface LayoutShift {
  value: number;
  /** The class names of what moved. */
  nodes: string[];
}

/** Records every layout shift of the page from its first paint (the browser's own Layout Instability API). */
const RECORD_LAYOUT_SHIFTS = `
  window.layoutShifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.layoutShifts.push({ value: entry.value, nodes: (entry.sources || []).map((source) => (source.node && source.node.className) || '?') });
  }).observe({ type: 'layout-shift', buffered: true });
`;

/** From the page's next load on, records its layout shifts for `layoutShifts`. */
export const recordLayoutShifts = (page: Page) => page.addInitScript({ content: RECORD_LAYOUT_SHIFTS });

/** The layout shifts recorded since the page loaded (see `recordLayoutShifts`). */
export const layoutShifts = (page: Page) => page.evaluate<LayoutShift[]>('window.layoutShifts');
