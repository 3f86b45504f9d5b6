import { useNavigate } from 'react-router-dom';
import { SearchForm } from '@/components/search-form';
import { paths } from '@/config/paths';
import { EntityType } from '@app/contracts';

/** Searches articles and questions of every category (SPEC §2 Shell). */
export function NavbarSearch({ onSearch }: { onSearch: () => void }) {
  const navigate = useNavigate();
  const search = (text: string) => {
    onSearch();
    void navigate(paths.search.getHref({ searchString: text.trim(), category: -1, entityType: EntityType.ArticleQuestion, orderBy: 0 }));
  };
  return <SearchForm className="navbar-search" inputLabel="Search articles and questions" onSearch={search} />;
}
