import { EntityType, type GridPostItem as GridPost } from '@app/contracts';
import { useState } from 'react';
import { CONFIRM_DELETE_TEXT, CONFIRM_HEADER, CONFIRM_OPERATION_TEXT, ConfirmationPopup } from '@/components/confirmation-popup';
import { useApprovePost } from '@/features/search/api/approve-post';
import type { SearchCall } from '@/features/search/api/search-call';
import { useDeletePost } from '@/features/search/api/delete-post';
import { SearchResultItem } from '@/features/search/components/search-result-item';
import { useAuth } from '@/lib/auth-context';
import { messageOf } from '@/lib/message-of';

type PendingAction = { kind: 'approval' | 'delete'; post: GridPost };

interface SearchResultsProps {
  posts: GridPost[];
  isPending: boolean;
  view: SearchCall['view'];
  /** A post was approved, unapproved or deleted from this list. */
  onPostChanged?: () => void;
}

/**
 * The search grid with Approve/Unapprove (admin view) and Delete (admin view, or the viewer's own
 * posts), each behind its SPEC §8 confirmation.
 */
export function SearchResults({ posts, isPending, view, onPostChanged }: SearchResultsProps) {
  const { user } = useAuth();
  const approvePost = useApprovePost();
  const deletePost = useDeletePost();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const canDelete = (post: GridPost) => view === 'admin' || (!!user && post.uName !== '' && post.uName === user.userName);

  const perform = ({ kind, post }: PendingAction) => {
    setPending(null);
    setFailure(null);
    const callbacks = { onSuccess: () => onPostChanged?.(), onError: (error: Error) => setFailure(messageOf(error)) };
    if (kind === 'approval') approvePost.mutate({ post, isApproved: !post.isApproved }, callbacks);
    else deletePost.mutate(post, callbacks);
  };

  return (
    <>
      {failure && (
        <p className="notice" role="alert">
          {failure}
        </p>
      )}
      {posts.length > 0 ? (
        <ul className="post-list" aria-label="Search results">
          {posts.map((post) => (
            <SearchResultItem
              key={`${post.entityType}-${post.id}`}
              post={post}
              canApprove={view === 'admin'}
              canDelete={canDelete(post)}
              canSave={!!user}
              onToggleApproval={(target) => setPending({ kind: 'approval', post: target })}
              onDelete={(target) => setPending({ kind: 'delete', post: target })}
            />
          ))}
        </ul>
      ) : (
        !isPending && <p className="muted">No posts found.</p>
      )}
      <ConfirmationPopup
        open={pending !== null}
        header={CONFIRM_HEADER}
        body={pending && <PendingActionText action={pending} />}
        danger={pending?.kind === 'delete'}
        buttons={['yes', 'cancel']}
        onConfirm={() => pending && perform(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}

/** Names the action and the post, then SPEC §8's question. */
function PendingActionText({ action: { kind, post } }: { action: PendingAction }) {
  const verb = kind === 'delete' ? 'Delete' : post.isApproved ? 'Unapprove' : 'Approve';
  const noun = post.entityType === EntityType.Question ? 'question' : 'article';
  return (
    <>
      <p>
        {verb} the {noun} <strong>{post.title}</strong>?
      </p>
      <p>{kind === 'delete' ? CONFIRM_DELETE_TEXT : CONFIRM_OPERATION_TEXT}</p>
    </>
  );
}
