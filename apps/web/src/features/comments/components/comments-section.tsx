import { TOP_LEVEL_COMMENT } from '@app/contracts';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/link-button';
import { useMessageModal } from '@/components/message-modal';
import type { PostKindConfig } from '@/config/post-kinds';
import { useAuth } from '@/lib/auth-context';
import { useComments } from '@/features/comments/api/get-comments';
import { CommentForm } from '@/features/comments/components/comment-form';
import { CommentItem } from '@/features/comments/components/comment-item';
import { useCommentActions } from '@/features/comments/hooks/use-comment-actions';
import { useCommentAnchor } from '@/features/comments/hooks/use-comment-anchor';
import { allComments } from '@/features/comments/lib/comment-pages';
import { threadComments } from '@/features/comments/lib/comment-thread';
import '@/features/comments/comments.css';

interface CommentsSectionProps {
  kind: PostKindConfig;
  postId: number;
  /** The embedded login and signup forms for visitors (the auth feature's, given by the app layer). */
  loginForms: ReactNode;
}

/**
 * The comments under an article or question (SPEC §2): the grid, 20 at a time oldest first with
 * 'More comments', and the comment form when logged in, otherwise the login and signup forms.
 */
export function CommentsSection({ kind, postId, loginForms }: CommentsSectionProps) {
  const { user, isAdmin } = useAuth();
  const comments = useComments(kind, postId, user?.userName ?? null);
  useCommentAnchor(comments);
  const { showMessage, messageModal } = useMessageModal();
  const actions = useCommentActions(kind, postId, user?.userName ?? '', showMessage);
  const threads = threadComments(allComments(comments.data));

  return (
    <section className="card post-view-comments" aria-labelledby="post-comments-heading">
      <h2 id="post-comments-heading">Comments</h2>
      {comments.isError && <p className="muted">The comments could not be loaded.</p>}
      {comments.isPending && <p className="muted">Loading comments…</p>}
      {comments.isSuccess && threads.length === 0 && <p className="muted">No comments yet.</p>}
      {threads.length > 0 && (
        <ul className="comment-list" aria-label="Comments">
          {threads.map((node) => (
            <CommentItem key={node.comment.id} node={node} kind={kind} postId={postId} user={user} isAdmin={isAdmin} actions={actions} />
          ))}
        </ul>
      )}
      {comments.hasNextPage && (
        <LinkButton className="comment-more" disabled={comments.isFetchingNextPage} onClick={() => void comments.fetchNextPage()}>
          More comments
        </LinkButton>
      )}
      {user ? (
        <div className="comment-new">
          <h3>Leave a comment</h3>
          <CommentForm
            kind={kind}
            postId={postId}
            label="Comment"
            submitText="Comment"
            onSubmit={(content, attachedFiles) => actions.add(content, attachedFiles, TOP_LEVEL_COMMENT)}
          />
        </div>
      ) : (
        <>
          <p className="comment-prompt">Log in or sign up to comment.</p>
          {loginForms}
        </>
      )}
      {messageModal}
    </section>
  );
}
