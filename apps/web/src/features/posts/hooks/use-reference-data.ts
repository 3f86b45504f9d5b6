import type { Category, Tag } from '@app/contracts';
import { useCategories } from '@/lib/get-categories';
import { useTags } from '@/lib/get-tags';

const NONE: never[] = [];

/** Categories and tags for the submit forms; empty until loaded (master-data errors are swallowed, SPEC §8). */
export function useReferenceData(): { categories: Category[]; tags: Tag[] } {
  const categories = useCategories().data ?? NONE;
  const tags = useTags().data ?? NONE;
  return { categories, tags };
}
