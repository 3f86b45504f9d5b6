import { useEffect, useState, type ReactNode } from 'react';
import '@/components/combobox-list.css';

/** The highlighted option of a combobox's list (clamped to the list), kept scrolled into view. */
export function useActiveOption<Option>(open: boolean, options: readonly Option[], idOf: (option: Option) => string) {
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, options.length - 1);
  const activeOption = open && activeIndex >= 0 ? options[activeIndex] : undefined;
  const activeId = activeOption ? idOf(activeOption) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  /** ArrowDown opens the list (on `openAt`) or moves down it; ArrowUp opens it and moves up. */
  const moveByArrow = (key: 'ArrowDown' | 'ArrowUp', openList: () => void, openAt = 0) => {
    if (key === 'ArrowUp') {
      openList();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (!open) {
      openList();
      setActive(openAt);
    } else setActive(Math.min(activeIndex + 1, options.length - 1));
  };
  return { activeIndex, activeOption, activeId, setActive, moveByArrow };
}

interface ComboboxListProps<Option> {
  open: boolean;
  listId: string;
  label: string;
  options: readonly Option[];
  keyOf: (option: Option) => number;
  idOf: (option: Option) => string;
  nameOf: (option: Option) => string;
  isSelected: (option: Option, index: number) => boolean;
  activeIndex: number;
  onActivate: (index: number) => void;
  onChoose: (option: Option) => void;
  /** What stands under the list (a hint, 'No … match.'). */
  children?: ReactNode;
}

/** The popup list of a WAI-ARIA combobox (TagsSelect, SearchableSelect); the text box keeps the focus. */
export function ComboboxList<Option>(props: ComboboxListProps<Option>) {
  const { options, activeIndex } = props;
  return (
    <div className="combobox-popup" hidden={!props.open}>
      {/* Out of the tab order: Chromium makes a scrolling list a tab stop, and Tab from the box
          would land in it just as the blur hides it, dropping the focus onto <body>. */}
      <ul
        id={props.listId}
        role="listbox"
        aria-label={props.label}
        className="combobox-options"
        hidden={options.length === 0}
        tabIndex={-1}
      >
        {options.map((option, index) => (
          <li
            key={props.keyOf(option)}
            id={props.idOf(option)}
            role="option"
            aria-selected={props.isSelected(option, index)}
            className={index === activeIndex ? 'is-active' : undefined}
            // Keep the focus in the text box: a mousedown would blur it and close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => props.onActivate(index)}
            onClick={() => props.onChoose(option)}
          >
            {props.nameOf(option)}
          </li>
        ))}
      </ul>
      {props.children}
    </div>
  );
}
