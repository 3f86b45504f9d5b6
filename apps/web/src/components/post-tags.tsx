import { Link } from 'react-router-dom';
import type { Tag } from '@app/contracts';
import { paths } from '@/config/paths';

/**
 * Where a tag leads: its page (/tag/{subTag}: its posts by the tag's id, exact, a Follow button and
 * its feed), never a free-text search for its name ('aspnet-core' finds nothing as text, 'C#'
 * would search 'C'). The one place a tag's URL is made.
 */
export const tagHref = (tag: Pick<Tag, 'subTag'>): string => paths.tag.getHref(tag.subTag);

/** A post's tags as links to their pages (post grid and post view); nothing when it has none. */
export function PostTags({ tags }: { tags: Tag[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="post-tags" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.id ?? tag.subTag}>
          <Link to={tagHref(tag)}>{tag.subTag}</Link>
        </li>
      ))}
    </ul>
  );
}
