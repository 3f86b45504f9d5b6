import { useState, type FormEvent } from 'react';

interface SearchBoxProps {
  initialText: string;
  onSearch: (text: string) => void;
}

/** The search screen's text box: Enter or the Search button runs the search (SPEC §2). */
export function SearchBox({ initialText, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(initialText);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <form className="search-box" role="search" aria-label="Search posts" onSubmit={submit}>
      <input
        type="search"
        name="searchString"
        placeholder="Search"
        aria-label="Search text"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="button button-primary">
        Search
      </button>
    </form>
  );
}
