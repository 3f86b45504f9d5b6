import type { Tag } from '@app/contracts';
import { useId, useState } from 'react';
import '@/components/tags-select.css';

interface Props {
  tags: Tag[];
  value: Tag[];
  onChange: (tags: Tag[]) => void;
  error?: string;
  /** The fieldset's legend: 'Tags' on posts, 'Skills' on a profile. */
  label?: string;
}

/** Multi-select of master-data tags (a post's tags, a user's skills): chosen tags as removable chips, and a filterable checkbox list. */
export function TagsSelect({ tags, value, onChange, error, label = 'Tags' }: Props) {
  const [filter, setFilter] = useState('');
  const id = useId();
  const chosen = new Set(value.map((tag) => tag.id));
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tags.filter((tag) => tag.subTag.toLowerCase().includes(needle)) : tags;
  const toggle = (tag: Tag) => onChange(chosen.has(tag.id) ? value.filter((item) => item.id !== tag.id) : [...value, tag]);

  return (
    <fieldset className="field tags-select" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend>{label}</legend>
      {value.length > 0 && (
        <ul className="tag-chips" aria-label={`Chosen ${label.toLowerCase()}`}>
          {value.map((tag) => (
            <li key={tag.id}>
              {tag.subTag}
              <button type="button" aria-label={`Remove tag ${tag.subTag}`} onClick={() => toggle(tag)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        type="search"
        placeholder={`Filter ${label.toLowerCase()}`}
        aria-label={`Filter ${label.toLowerCase()}`}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="tag-options" role="group" aria-label={`Available ${label.toLowerCase()}`}>
        {shown.map((tag) => (
          <label key={tag.id} className="tag-option">
            <input type="checkbox" checked={chosen.has(tag.id)} onChange={() => toggle(tag)} />
            {tag.subTag}
          </label>
        ))}
        {shown.length === 0 && <p className="muted">No tags match.</p>}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
