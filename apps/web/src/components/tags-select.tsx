import type { Tag } from '@app/contracts';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ComboboxList, useActiveOption } from '@/components/combobox-list';
import '@/components/tags-select.css';

interface Props {
  tags: Tag[];
  value: Tag[];
  onChange: (tags: Tag[]) => void;
  error?: string;
  /** The field's label: 'Tags' on posts, 'Skills' on a profile. */
  label?: string;
}

/**
 * Multi-select of master-data tags (a post's tags, a user's skills), as the WAI-ARIA combobox
 * pattern: the chosen tags as removable chips, then a text box that filters a list of the others.
 * Type to filter, arrows to move, Enter to add, Escape to close, Backspace in the empty box to
 * remove the last chip.
 */
export function TagsSelect({ tags, value, onChange, error, label = 'Tags' }: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  const noun = label.toLowerCase();

  const chosen = new Set(value.map((tag) => tag.id));
  const needle = filter.trim().toLowerCase();
  const options = tags.filter((tag) => !chosen.has(tag.id) && (!needle || tag.subTag.toLowerCase().includes(needle)));
  const optionId = (tag: Tag) => `${id}-option-${tag.id}`;
  const { activeIndex, activeOption, activeId, setActive, moveByArrow } = useActiveOption(open, options, optionId);

  /** Adds the tag and closes the list, which would cover the fields below; typing or ArrowDown opens it again. */
  const add = (tag: Tag) => {
    onChange([...value, tag]);
    setFilter('');
    setActive(0);
    setOpen(false);
  };
  const remove = (tag: Tag) => {
    onChange(value.filter((item) => item.id !== tag.id));
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        moveByArrow(event.key, () => setOpen(true));
        break;
      case 'Home':
      case 'End':
        if (!open) return;
        event.preventDefault();
        setActive(event.key === 'Home' ? 0 : options.length - 1);
        break;
      case 'Enter':
        // Enter adds the highlighted tag; it never submits the form from here.
        event.preventDefault();
        if (activeOption) add(activeOption);
        else setOpen(true);
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else if (filter) setFilter('');
        break;
      case 'Backspace':
        if (filter === '' && value.length > 0) remove(value[value.length - 1]);
        break;
      default:
    }
  };

  const describedBy = [`${id}-help`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field tags-select">
      <label htmlFor={`${id}-input`}>{label}</label>
      <div className={`tags-select-box${error ? ' is-invalid' : ''}`} onClick={() => inputRef.current?.focus()}>
        {value.length > 0 && (
          <ul className="tag-chips" aria-label={`Chosen ${noun}`}>
            {value.map((tag) => (
              <li key={tag.id}>
                <span>{tag.subTag}</span>
                <button
                  type="button"
                  aria-label={`Remove ${label === 'Tags' ? 'tag' : noun.replace(/s$/, '')} ${tag.subTag}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    remove(tag);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={inputRef}
          id={`${id}-input`}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={`${id}-listbox`}
          aria-activedescendant={activeId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          placeholder={value.length ? `Add ${noun}` : `Type to find ${noun}`}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={`${id}-help`} className="visually-hidden">
        Type to filter, arrow keys to move, Enter to add, Backspace to remove the last one.
      </p>
      <ComboboxList
        open={open}
        listId={`${id}-listbox`}
        label={`Suggested ${noun}`}
        options={options}
        keyOf={(tag) => tag.id}
        idOf={optionId}
        nameOf={(tag) => tag.subTag}
        isSelected={(_tag, index) => index === activeIndex}
        activeIndex={activeIndex}
        onActivate={setActive}
        onChoose={add}
      >
        {options.length === 0 && <p className="muted tag-options-empty">{tags.length === 0 ? `Loading ${noun}…` : `No ${noun} match.`}</p>}
      </ComboboxList>
      <p className="visually-hidden" role="status">
        {open && needle ? `${options.length} ${noun} match` : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
