import { ALL_CATEGORIES, EntityType, type SearchRequestEntityType } from '@app/contracts';
import type { ChangeEvent } from 'react';
import type { SearchFilters, SearchOrder } from '@/features/search/lib/search-filters';
import { useCategories } from '@/lib/get-categories';
import { useTags } from '@/lib/get-tags';
import { TagsSelect } from '@/components/tags-select';

interface Option {
  value: number;
  label: string;
}

const TYPE_OPTIONS: Option[] = [
  { value: EntityType.ArticleQuestion, label: 'Type - All' },
  { value: EntityType.Article, label: 'Article' },
  { value: EntityType.Question, label: 'Question' },
];

const ORDER_OPTIONS: Option[] = [
  { value: 0, label: 'Date - Descending' },
  { value: 1, label: 'Date - Ascending' },
];

interface SearchFilterPanelProps {
  filters: SearchFilters;
  onChange: (change: Partial<SearchFilters>) => void;
}

/** The Filter side panel (SPEC §2): category, post type and date order, each with its placeholder, and the tags (posts with any of them). */
export function SearchFilterPanel({ filters, onChange }: SearchFilterPanelProps) {
  const categories = useCategories().data ?? [];
  const tags = useTags().data ?? [];
  // The chosen ids as tags; until the tags have loaded there is nothing to name them by.
  const chosenTags = filters.tagIds.flatMap((id) => tags.filter((tag) => tag.id === id));
  const categoryOptions: Option[] = [
    { value: ALL_CATEGORIES, label: 'Category - All' },
    ...categories.map((category) => ({ value: category.id, label: category.subCategory })),
  ];
  return (
    <aside className="card search-filter-panel" aria-labelledby="search-filter-heading">
      <h2 id="search-filter-heading">Filter</h2>
      <FilterSelect
        placeholder="Select a Category (i.e. .Net Core)"
        options={categoryOptions}
        value={filters.categoryId}
        onChange={(categoryId) => onChange({ categoryId })}
      />
      <FilterSelect
        placeholder="Select Post type"
        options={TYPE_OPTIONS}
        value={filters.entityType}
        onChange={(entityType) => onChange({ entityType: entityType as SearchRequestEntityType })}
      />
      <FilterSelect
        placeholder="Select Order by"
        options={ORDER_OPTIONS}
        value={filters.orderBy}
        onChange={(orderBy) => onChange({ orderBy: orderBy as SearchOrder })}
      />
      <TagsSelect tags={tags} value={chosenTags} onChange={(chosen) => onChange({ tagIds: chosen.map((tag) => tag.id) })} />
    </aside>
  );
}

interface FilterSelectProps {
  placeholder: string;
  options: Option[];
  value: number;
  onChange: (value: number) => void;
}

/** A dropdown that shows its placeholder while its value is none of its options (e.g. a category not loaded yet). */
function FilterSelect({ placeholder, options, value, onChange }: FilterSelectProps) {
  const selected = options.some((option) => option.value === value) ? String(value) : '';
  return (
    <select
      className="search-filter"
      aria-label={placeholder}
      title={placeholder}
      value={selected}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(Number(event.target.value))}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
