import type { Tag } from '@app/contracts';
import { useId, useState } from 'react';

interface Props {
  tags: Tag[];
  value: Tag[];
  onChange: (tags: Tag[]) => void;
  error?: string;
}

/** Multi-select for the post's tags: chosen tags as removable chips, and a filterable checkbox list. */
export function TagsSelect({ tags, value, onChange, error }: Props) {
  const [filter, setFilter] = useState('');
  const id = useId();
  const chosen = new Set(value.map((tag) => tag.id));
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tags.filter((tag) => tag.subTag.toLowerCase().includes(needle)) : tags;
  const toggle = (tag: Tag) => onChange(chosen.has(tag.id) ? value.filter((item) => item.id !== tag.id) : [...value, tag]);

  return (
    <fieldset className="field tags-select" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend>Tags</legend>
      {value.length > 0 && (
        <ul className="tag-chips" aria-label="Chosen tags">
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
        placeholder="Filter tags"
        aria-label="Filter tags"
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <div className="tag-options" role="group" aria-label="Available tags">
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
