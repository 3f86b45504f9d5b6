import { Link } from 'react-router-dom';
import { ProfilePicture } from '@/components/profile-picture';
import { paths } from '@/config/paths';
import { useAuthorSummary } from '@/features/posts/api/get-author-summary';

/**
 * Who wrote the post: picture, name (linking to their profile), title and the first line of their
 * about text. The lines keep their height while the profile loads, so nothing below moves.
 */
export function AuthorBox({ name, userName }: { name: string; userName: string }) {
  const displayName = name || userName;
  const summary = useAuthorSummary(userName).data;
  return (
    <aside className="card post-view-author" aria-label="Author">
      {summary?.picture ? (
        <ProfilePicture uploadedFileName={summary.picture} name={displayName} />
      ) : (
        <span className="post-view-author-avatar" aria-hidden="true">
          {displayName.trim().charAt(0).toUpperCase() || '?'}
        </span>
      )}
      <div className="post-view-author-text">
        <p className="muted post-view-author-label">Written by</p>
        {userName ? (
          <Link className="post-view-author-name" to={paths.profile.getHref(userName)}>
            {displayName}
          </Link>
        ) : (
          <span className="post-view-author-name">{displayName}</span>
        )}
        <p className="post-view-author-title">{summary?.title}</p>
        <p className="muted post-view-author-about" title={summary?.about || undefined}>
          {summary?.about}
        </p>
      </div>
    </aside>
  );
}
