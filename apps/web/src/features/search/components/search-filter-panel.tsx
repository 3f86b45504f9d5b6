import { ALL_CATEGORIES, EntityType, type SearchRequestEntityType, type SearchSort, type SearchStatus } from '@app/contracts';
import type { ChangeEvent } from 'react';
import type { SearchFilters, SearchOrder } from '@/features/search/lib/search-filters';
import { useCategories } from '@/lib/get-categories';
import { useTags } from '@/lib/get-tags';
import { TagsSelect } from '@/components/tags-select';

interface Option<Value extends string | number = number> {
  value: Value;
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

const SORT_OPTIONS: Option<SearchSort>[] = [
  { value: 'latest', label: 'Latest' },
  { value: 'top', label: 'Top (most liked)' },
  { value: 'trending', label: 'Trending (last 7 days)' },
];

const STATUS_OPTIONS: Option<SearchStatus>[] = [
  { value: 'any', label: 'Status - All' },
  { value: 'unanswered', label: 'Unanswered' },
  { value: 'solved', label: 'Solved' },
];

interface SearchFilterPanelProps {
  filters: SearchFilters;
  onChange: (change: Partial<SearchFilters>) => void;
}

/**
 * The Filter side panel (SPEC §2): category, post type and date order, each with its placeholder,
 * the tags (posts with any of them), and issue 27's sort and question status. The date order
 * applies to the latest posts only: the other sorts are most first.
 */
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
      <FilterSelect placeholder="Select Sort" options={SORT_OPTIONS} value={filters.sort} onChange={(sort) => onChange({ sort })} />
      <FilterSelect
        placeholder="Select Order by"
        options={ORDER_OPTIONS}
        value={filters.orderBy}
        disabled={filters.sort !== 'latest'}
        onChange={(orderBy) => onChange({ orderBy: orderBy as SearchOrder })}
      />
      <FilterSelect
        placeholder="Select Question status"
        options={STATUS_OPTIONS}
        value={filters.status}
        onChange={(status) => onChange({ status })}
      />
      <TagsSelect tags={tags} value={chosenTags} onChange={(chosen) => onChange({ tagIds: chosen.map((tag) => tag.id) })} />
    </aside>
  );
}

interface FilterSelectProps<Value extends string | number> {
  placeholder: string;
  options: Option<Value>[];
  value: Value;
  disabled?: boolean;
  onChange: (value: Value) => void;
}

/** A dropdown that shows its placeholder while its value is none of its options (e.g. a category not loaded yet). */
function FilterSelect<Value extends string | number>({ placeholder, options, value, disabled, onChange }: FilterSelectProps<Value>) {
  const selected = options.some((option) => option.value === value) ? String(value) : '';
  const choose = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = options.find((option) => String(option.value) === event.target.value);
    if (chosen) onChange(chosen.value);
  };
  return (
    <select className="search-filter" aria-label={placeholder} title={placeholder} value={selected} disabled={disabled} onChange={choose}>
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
