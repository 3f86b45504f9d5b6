import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { EntityType } from '@app/contracts';

/** Searches articles and questions of every category (SPEC §2 Shell). */
export function NavbarSearch({ onSearch }: { onSearch: () => void }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
    void navigate(paths.search.getHref({ searchString: text.trim(), category: -1, entityType: EntityType.ArticleQuestion, orderBy: 0 }));
  };

  return (
    <form className="navbar-search" role="search" onSubmit={submit}>
      <input
        type="search"
        name="searchString"
        placeholder="Search"
        aria-label="Search articles and questions"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}
