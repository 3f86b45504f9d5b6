import { useState, type FormEvent } from 'react';

interface SearchFormProps {
  className: string;
  /** The form's name among the page's landmarks (the navbar's needs none: it is the site's search). */
  label?: string;
  inputLabel: string;
  buttonClassName?: string;
  initialText?: string;
  onSearch: (text: string) => void;
}

/** A search box: Enter or the Search button runs the search (SPEC §2 Shell and search screen). */
export function SearchForm({ className, label, inputLabel, buttonClassName, initialText = '', onSearch }: SearchFormProps) {
  const [text, setText] = useState(initialText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form className={className} role="search" aria-label={label} onSubmit={submit}>
      <input
        type="search"
        name="searchString"
        placeholder="Search"
        aria-label={inputLabel}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className={buttonClassName}>
        Search
      </button>
    </form>
  );
}
