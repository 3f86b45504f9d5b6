import type { GridPostItem as GridPost } from '@app/contracts';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { GridPostItem } from '@/components/grid-post-item';
import { LikesCount } from '@/components/likes-count';
import { LinkButton } from '@/components/link-button';
import { postKindOf } from '@/config/post-kinds';
import { SaveButton } from '@/components/save-button';
import { StatusBadge } from '@/components/status-badge';

interface SearchResultItemProps {
  post: GridPost;
  canApprove: boolean;
  canDelete: boolean;
  /** A logged-in reader may put the post on their reading list (issue 26). */
  canSave: boolean;
  onToggleApproval: (post: GridPost) => void;
  onDelete: (post: GridPost) => void;
}

/** A post in the search grid (SPEC §2): the grid post item with its likes and the view's actions. */
export function SearchResultItem({ post, canApprove, canDelete, canSave, onToggleApproval, onDelete }: SearchResultItemProps) {
  const approval = post.isApproved ? 'Unapprove' : 'Approve';
  const kind = postKindOf(post.entityType);
  return (
    <GridPostItem post={post}>
      <div className="search-post-actions">
        {/* No likes yet is not news: a row says nothing rather than a red '♥ 0 People'. */}
        {post.likes > 0 && <LikesCount likes={post.likes} target={{ resource: kind.resource, id: post.id, label: kind.label }} />}
        {canSave && <SaveButton entityType={kind.entityType} id={post.id} isSavedByMe={post.isSavedByMe ?? false} />}
        {!post.isApproved && <StatusBadge tone="pending">Awaiting approval</StatusBadge>}
        {canApprove && (
          <LinkButton onClick={() => onToggleApproval(post)} aria-label={`${approval} ${post.title}`}>
            {approval}
          </LinkButton>
        )}
        {canApprove && (
          <Link
            className="search-post-trail"
            to={paths.moderationTrail.getHref(kind.kind, post.id)}
            aria-label={`Moderation trail of ${post.title}`}
          >
            Trail
          </Link>
        )}
        {canDelete && (
          <LinkButton className="link-button-danger" onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
            Delete
          </LinkButton>
        )}
      </div>
    </GridPostItem>
  );
}
