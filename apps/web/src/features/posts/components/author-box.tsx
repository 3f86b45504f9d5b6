import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** Who wrote the post, linking to their profile. */
export function AuthorBox({ name, userName }: { name: string; userName: string }) {
  const displayName = name || userName;
  return (
    <aside className="card post-view-author" aria-label="Author">
      <span className="post-view-author-avatar" aria-hidden="true">
        {displayName.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <div>
        <p className="muted post-view-author-label">Written by</p>
        <Link className="post-view-author-name" to={paths.profile.getHref(userName)}>
          {displayName}
        </Link>
      </div>
    </aside>
  );
}
