import { EntityType } from '@app/contracts';
import { slugify } from './slug';

/** Links to the SPA's own screens (SPEC §2 route table). */
export interface SearchLink {
  searchString?: string;
  category?: number;
  entityType?: number;
  orderBy?: number;
}

export function searchPath({
  searchString = '',
  category = -1,
  entityType = EntityType.ArticleQuestion,
  orderBy = 0,
}: SearchLink = {}): string {
  const query = new URLSearchParams({
    searchString,
    category: String(category),
    entityType: String(entityType),
    orderBy: String(orderBy),
  });
  return `/search?${query.toString()}`;
}

export function postPath(post: { id: number; entityType: number; title: string }): string {
  const kind = post.entityType === EntityType.Question ? 'question' : 'article';
  return `/${kind}/${post.id}/${slugify(post.title)}`;
}

export function profilePath(userName: string): string {
  return `/profile/${encodeURIComponent(userName)}`;
}
