import { GridPostItem } from '@/components/grid-post-item';
import { LikesCount } from '@/components/likes-count';
import { LinkButton } from '@/components/link-button';
import { StatusBadge } from '@/components/status-badge';
import type { ModerationPost } from '@/features/admin/types';

interface ModerationPostItemProps {
  post: ModerationPost;
  onToggleApproval: (post: ModerationPost) => void;
  onDelete: (post: ModerationPost) => void;
}

/** A post grid item in the admin view: likes, its state, and the Approve/Unapprove and Delete links (SPEC §2 Search screen). */
export function ModerationPostItem({ post, onToggleApproval, onDelete }: ModerationPostItemProps) {
  return (
    <GridPostItem post={post}>
      <div className="moderation-post-actions">
        <LikesCount likes={post.likes} />
        {!post.isPublished && <StatusBadge tone="draft">Draft</StatusBadge>}
        {!post.isApproved && <StatusBadge tone="pending">Awaiting approval</StatusBadge>}
        <LinkButton onClick={() => onToggleApproval(post)} aria-label={`${post.isApproved ? 'Unapprove' : 'Approve'} ${post.title}`}>
          {post.isApproved ? 'Unapprove' : 'Approve'}
        </LinkButton>
        <LinkButton className="link-button-danger" onClick={() => onDelete(post)} aria-label={`Delete ${post.title}`}>
          Delete
        </LinkButton>
      </div>
    </GridPostItem>
  );
}
