import { useId, useState, type KeyboardEvent } from 'react';
import { ComboboxList, useActiveOption } from '@/components/combobox-list';
import '@/components/searchable-select.css';

export interface SearchableOption {
  id: number;
  name: string;
}

interface SearchableSelectProps {
  /** The text box's id, for its label (FormField's control props). */
  id: string;
  options: readonly SearchableOption[];
  /** The chosen option's id; 0 for none. */
  value: number;
  onChange: (id: number) => void;
  onBlur?: () => void;
  /** What the options are, in the plural ('cities'), for the hints. */
  noun: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Matches shown at once: enough to scan, few enough to render at every keystroke. */
const SHOWN = 50;

/**
 * One choice out of thousands (a state's cities), as the WAI-ARIA combobox pattern: type to filter
 * (names starting with the text first), arrows to move, Enter to choose, Escape to give up. The box
 * shows the chosen name while not being typed in; leaving it with a name typed out in full chooses
 * that name.
 */
export function SearchableSelect({ id, options, value, onChange, onBlur, noun, ...aria }: SearchableSelectProps) {
  const listId = useId();
  const chosen = options.find((option) => option.id === value);
  /** What the reader is typing; null while they are not (the box shows the chosen name). */
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);

  const needle = (typed ?? '').trim().toLowerCase();
  const matches = needle
    ? [
        ...options.filter((option) => option.name.toLowerCase().startsWith(needle)),
        ...options.filter((option) => !option.name.toLowerCase().startsWith(needle) && option.name.toLowerCase().includes(needle)),
      ]
    : options;
  const shown = matches.slice(0, SHOWN);
  const optionId = (option: SearchableOption) => `${listId}-${option.id}`;
  const { activeIndex, activeOption, activeId, setActive, moveByArrow } = useActiveOption(open, shown, optionId);

  const choose = (option: SearchableOption) => {
    onChange(option.id);
    setTyped(null);
    setOpen(false);
  };
  const giveUp = () => {
    setTyped(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        moveByArrow(event.key, () => setOpen(true), Math.max(0, chosen ? shown.indexOf(chosen) : 0));
        break;
      case 'Enter':
        // Enter chooses; it never submits the form from here.
        if (open) {
          event.preventDefault();
          if (activeOption) choose(activeOption);
        }
        break;
      case 'Escape':
        if (open || typed !== null) {
          event.preventDefault();
          event.stopPropagation();
          giveUp();
        }
        break;
      default:
    }
  };

  return (
    <div className="searchable-select">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        {...aria}
        placeholder={options.length ? `Type to find ${noun}` : `No ${noun} to choose from`}
        value={typed ?? chosen?.name ?? ''}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === '') onChange(0);
        }}
        onClick={() => setOpen(true)}
        onBlur={() => {
          const exact = typed === null ? undefined : options.find((option) => option.name.toLowerCase() === needle);
          if (exact) choose(exact);
          else giveUp();
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
      />
      <ComboboxList
        open={open}
        listId={listId}
        label={`Matching ${noun}`}
        options={shown}
        keyOf={(option) => option.id}
        idOf={optionId}
        nameOf={(option) => option.name}
        isSelected={(option) => option.id === value}
        activeIndex={activeIndex}
        onActivate={setActive}
        onChoose={choose}
      >
        <p className="muted searchable-select-hint">
          {shown.length === 0
            ? options.length === 0
              ? `No ${noun} to choose from.`
              : `No ${noun} match.`
            : matches.length > SHOWN
              ? `${matches.length} ${noun} match: type more to narrow them.`
              : ''}
        </p>
      </ComboboxList>
      <p className="visually-hidden" role="status">
        {open && needle ? `${matches.length} ${noun} match` : ''}
      </p>
    </div>
  );
}
