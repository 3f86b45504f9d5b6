import { useLayoutEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

const ITEMS = 'button:not(:disabled), select:not(:disabled)';

/**
 * The WAI-ARIA toolbar pattern: the toolbar is one tab stop (the last item used), and the arrow
 * keys, Home and End move between its enabled items. Works on the rendered items, so buttons added
 * to the toolbar take part without being told.
 */
export function useRovingToolbar(): {
  ref: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  onFocus: (event: FocusEvent<HTMLDivElement>) => void;
} {
  const ref = useRef<HTMLDivElement>(null);
  const current = useRef(0);

  const items = () => [...(ref.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  const settle = () => {
    const all = items();
    const index = Math.min(current.current, all.length - 1);
    // Disabled ones too: one that turns enabled must not become a second tab stop.
    for (const item of ref.current?.querySelectorAll<HTMLElement>('button, select') ?? []) item.tabIndex = -1;
    if (index >= 0) all[index].tabIndex = 0;
  };

  // After every render: items come and go (table tools) and turn disabled (undo, indent).
  useLayoutEffect(settle);

  const move = (index: number) => {
    const all = items();
    if (all.length === 0) return;
    current.current = (index + all.length) % all.length;
    settle();
    all[current.current].focus();
  };

  return {
    ref,
    onFocus: (event) => {
      const index = items().indexOf(event.target);
      if (index >= 0 && index !== current.current) {
        current.current = index;
        settle();
      }
    },
    onKeyDown: (event) => {
      const index = items().indexOf(event.target as HTMLElement);
      if (index < 0) return;
      switch (event.key) {
        case 'ArrowRight':
          move(index + 1);
          break;
        case 'ArrowLeft':
          move(index - 1);
          break;
        case 'Home':
          move(0);
          break;
        case 'End':
          move(items().length - 1);
          break;
        default:
          return;
      }
      // Up and Down stay the language select's own.
      event.preventDefault();
    },
  };
}
