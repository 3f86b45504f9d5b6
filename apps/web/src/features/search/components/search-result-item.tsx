import type { GridPostItem as GridPost } from '@app/contracts';
import { GridPostItem } from '@/components/grid-post-item';
import { LikesCount } from '@/components/likes-count';
import { LinkButton } from '@/components/link-button';
import { postKindOf } from '@/config/post-kinds';
import { StatusBadge } from '@/components/status-badge';

interface SearchResultItemProps {
  post: GridPost;
  canApprove: boolean;
  canDelete: boolean;
  onToggleApproval: (post: GridPost) => void;
  onDelete: (post: GridPost) => void;
}

/** A post in the search grid (SPEC §2): the grid post item with its likes and the view's actions. */
export function SearchResultItem({ post, canApprove, canDelete, onToggleApproval, onDelete }: SearchResultItemProps) {
  const approval = post.isApproved ? 'Unapprove' : 'Approve';
  const kind = postKindOf(post.entityType);
  return (
    <GridPostItem post={post}>
      <div className="search-post-actions">
        <LikesCount likes={post.likes} target={{ resource: kind.resource, id: post.id, label: kind.label }} />
        {!post.isApproved && <StatusBadge tone="pending">Awaiting approval</StatusBadge>}
        {canApprove && (
          <LinkButton onClick={() => onToggleApproval(post)} aria-label={`${approval} ${post.title}`}>
            {approval}
          </LinkButton>
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
