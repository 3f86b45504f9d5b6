import { useState } from 'react';
import { CONFIRM_DELETE_TEXT, CONFIRM_HEADER, CONFIRM_OPERATION_TEXT, ConfirmationPopup } from '@/components/confirmation-popup';
import { LinkButton } from '@/components/link-button';
import { useModerationPosts } from '@/features/admin/api/get-moderation-posts';
import { useModeratePost } from '@/features/admin/api/moderate-post';
import type { ModerationPost } from '@/features/admin/types';
import { ModerationPostItem } from '@/features/admin/components/moderation-post-item';

type PendingAction = { kind: 'approval' | 'delete'; post: ModerationPost };

/**
 * Every post, newest first, with Approve/Unapprove and Delete behind a confirmation (SPEC §4 Post
 * approval, Delete): the local row changes only when the server answers true.
 */
export function ModerationPostList() {
  const { posts, status, hasMore, loadMore } = useModerationPosts();
  const moderatePost = useModeratePost();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const perform = ({ kind, post }: PendingAction) => {
    setPending(null);
    setFailure(null);
    moderatePost.mutate(kind === 'approval' ? { kind, post, isApproved: !post.isApproved } : { kind, post }, {
      onError: (error) => setFailure(error.message || 'The operation failed.'),
    });
  };

  return (
    <section className="card moderation-posts" aria-labelledby="moderation-posts-heading">
      <h2 id="moderation-posts-heading">Posts</h2>
      {failure && (
        <p className="notice" role="alert">
          {failure}
        </p>
      )}
      {status === 'failed' && (
        <p className="notice" role="alert">
          The posts could not be loaded. Please try again later.
        </p>
      )}
      {posts.length > 0 ? (
        <ul className="post-list">
          {posts.map((post) => (
            <ModerationPostItem
              key={`${post.entityType}-${post.id}`}
              post={post}
              onToggleApproval={(target) => setPending({ kind: 'approval', post: target })}
              onDelete={(target) => setPending({ kind: 'delete', post: target })}
            />
          ))}
        </ul>
      ) : (
        status === 'ready' && <p className="muted">No posts yet.</p>
      )}
      {status === 'loading' && <p className="muted">Loading…</p>}
      {hasMore && status !== 'loading' && (
        <p className="moderation-more">
          <LinkButton onClick={loadMore}>More results</LinkButton>
        </p>
      )}
      <ConfirmationPopup
        open={pending !== null}
        header={CONFIRM_HEADER}
        body={pending?.kind === 'delete' ? CONFIRM_DELETE_TEXT : CONFIRM_OPERATION_TEXT}
        buttons={['yes', 'cancel']}
        onConfirm={() => pending && perform(pending)}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
