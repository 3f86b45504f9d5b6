import type { Tag } from '@app/contracts';
import { paths } from '@/config/paths';

/**
 * Where a tag leads: the search filtered by the tag itself (its id, exact), never a free-text
 * search for its name ('aspnet-core' finds nothing as text, 'C#' would search 'C'). The one place
 * a tag's URL is made, so a tag page can take over by changing only this.
 */
export const tagHref = (tag: Pick<Tag, 'id'>): string => paths.search.getHref({ tags: [tag.id] });
