import type { Category, Tag } from '@app/contracts';
import { useEffect, useState } from 'react';
import { getCategories, getTags } from '@/features/posts/api/reference-data-api';

/** Categories and tags for the submit forms; empty until loaded (master-data errors are swallowed, SPEC §8). */
export function useReferenceData(): { categories: Category[]; tags: Tag[] } {
  const [categories, setCategories] = useState<Category[]>([]);
  const [tags, setTags] = useState<Tag[]>([]);
  useEffect(() => {
    let active = true;
    getCategories()
      .then((list) => active && setCategories(list))
      .catch(() => undefined);
    getTags()
      .then((list) => active && setTags(list))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return { categories, tags };
}
