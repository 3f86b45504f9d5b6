import { TOP_LEVEL_COMMENT } from '@app/contracts';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/link-button';
import { useMessageModal } from '@/components/message-modal';
import type { PostKindConfig } from '@/config/post-kinds';
import { useAuth } from '@/lib/auth-context';
import { useCommentCount } from '@/features/comments/api/get-comment-count';
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
  /** The post's author's user name: a question's author (and admins) may accept an answer (issue 27). */
  postAuthor?: string;
  /** The embedded login and signup forms for visitors (the auth feature's, given by the app layer). */
  loginForms: ReactNode;
}

/**
 * The comments under an article or question (SPEC §2): their count, the comment form when logged
 * in (first, so a long thread is no wall between a reader and it), the grid, 20 at a time oldest
 * first with 'More comments', and for visitors the login and signup forms.
 */
export function CommentsSection({ kind, postId, postAuthor, loginForms }: CommentsSectionProps) {
  const { user, isAdmin } = useAuth();
  const comments = useComments(kind, postId, user?.userName ?? null);
  useCommentAnchor(comments);
  const { showMessage, messageModal } = useMessageModal();
  const canAccept = kind.kind === 'question' && user !== null && (isAdmin || user.userName === postAuthor);
  const actions = useCommentActions(kind, postId, user?.userName ?? '', showMessage, canAccept);
  const threads = threadComments(allComments(comments.data));
  const count = useCommentCount(kind, postId, user?.userName ?? null).data;

  return (
    <section className="card post-view-comments" aria-labelledby="post-comments-heading">
      <h2 id="post-comments-heading">Comments{count !== undefined && <span className="comment-count"> ({count})</span>}</h2>
      {user && (
        <div className="comment-new">
          <h3 className="visually-hidden">Leave a comment</h3>
          <CommentForm
            kind={kind}
            postId={postId}
            label="Comment"
            submitText="Comment"
            onSubmit={(content, attachedFiles) => actions.add(content, attachedFiles, TOP_LEVEL_COMMENT)}
          />
        </div>
      )}
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
      {!user && (
        <>
          <p className="comment-prompt">Log in or sign up to comment.</p>
          {loginForms}
        </>
      )}
      {messageModal}
    </section>
  );
}
