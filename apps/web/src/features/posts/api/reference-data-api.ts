import type { Category, Tag } from '@app/contracts';
import { api } from '@/lib/api-client';

let categories: Promise<Category[]> | null = null;
let tags: Promise<Tag[]> | null = null;

/** GET /api/Category, fetched once per page load (master data does not change while the app runs). */
export function getCategories(): Promise<Category[]> {
  categories ??= api.get<Category[]>('/Category', { auth: false }).catch((error: unknown) => {
    categories = null;
    throw error;
  });
  return categories;
}

/** GET /api/Tag, fetched once per page load. */
export function getTags(): Promise<Tag[]> {
  tags ??= api.get<Tag[]>('/Tag', { auth: false }).catch((error: unknown) => {
    tags = null;
    throw error;
  });
  return tags;
}
