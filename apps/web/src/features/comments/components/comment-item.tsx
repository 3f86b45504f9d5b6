import type { Comment } from '@app/contracts';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmationPopup, CONFIRM_DELETE_TEXT, CONFIRM_HEADER, CONFIRM_OPERATION_TEXT } from '@/components/confirmation-popup';
import { FlagButton } from '@/components/flag-button';
import { LinkButton } from '@/components/link-button';
import { Likes } from '@/components/likes';
import { ProfilePicture } from '@/components/profile-picture';
import { StatusBadge } from '@/components/status-badge';
import { paths } from '@/config/paths';
import type { PostKindConfig } from '@/config/post-kinds';
import type { SessionUser } from '@/lib/auth-context';
import { parseServerTime, relativeTime } from '@/lib/relative-time';
import type { CommentNode } from '@/features/comments/lib/comment-thread';
import { CommentForm } from '@/features/comments/components/comment-form';
import type { CommentActions } from '@/features/comments/hooks/use-comment-actions';
import { commentElementId } from '@/features/comments/lib/comment-anchor';
import { RichHtml } from '@/components/code/rich-html';

interface CommentItemProps {
  node: CommentNode;
  kind: PostKindConfig;
  postId: number;
  user: SessionUser | null;
  isAdmin: boolean;
  actions: CommentActions;
}

type Open = 'reply' | 'edit' | 'confirm-delete' | 'confirm-approval' | null;

/**
 * One comment of the grid (SPEC §2): author (a profile link; a deleted user has none), relative
 * time, content (html sanitized by the server, shown as the post's is), likes; Reply for readers,
 * Edit and Delete for the author, Approve/Unapprove for admins; its replies indented below, which
 * the reader can fold away.
 */
export function CommentItem({ node, kind, postId, user, isAdmin, actions }: CommentItemProps) {
  const { comment, replies } = node;
  const [open, setOpen] = useState<Open>(null);
  const isAuthor = user !== null && comment.uName !== '' && comment.uName === user.userName;
  const canChange = isAuthor || isAdmin;
  const approval = comment.isApproved ? 'Unapprove' : 'Approve';
  const [repliesShown, setRepliesShown] = useState(true);
  const repliesId = useId();
  const replyCount = countReplies(node);

  return (
    <li className="comment" id={commentElementId(comment.id)} aria-label={`Comment by ${comment.name || 'a deleted user'}`}>
      <div className="comment-body">
        <div className="comment-avatar" aria-hidden="true">
          <ProfilePicture uploadedFileName={comment.profilePic} name={comment.name} />
        </div>
        <header className="comment-meta">
          <Author comment={comment} />
          <CommentTime comment={comment} />
          {!comment.isApproved && <StatusBadge tone="pending">Awaiting approval</StatusBadge>}
          {comment.isAccepted && <StatusBadge tone="accepted">Accepted answer</StatusBadge>}
        </header>
        {open === 'edit' ? (
          <CommentForm
            kind={kind}
            postId={postId}
            label="Edit comment"
            submitText="Save"
            initialContent={comment.content}
            withImages={false}
            onSubmit={async (content) => {
              await actions.edit(comment.id, content);
              setOpen(null);
            }}
            onCancel={() => setOpen(null)}
          />
        ) : (
          <RichHtml className="post-content comment-content" html={comment.content} />
        )}
        <footer className="comment-actions">
          <Likes
            target={{ resource: kind.comments.resource, id: comment.id, label: 'Comment' }}
            likes={comment.likes}
            isLikedByMe={comment.isLikedByMe}
            canLike={user !== null}
          />
          {user !== null && <LinkButton onClick={() => setOpen(open === 'reply' ? null : 'reply')}>Reply</LinkButton>}
          {canChange && <LinkButton onClick={() => setOpen(open === 'edit' ? null : 'edit')}>Edit</LinkButton>}
          {canChange && (
            <LinkButton className="link-button-danger" onClick={() => setOpen('confirm-delete')}>
              Delete
            </LinkButton>
          )}
          {isAdmin && <LinkButton onClick={() => setOpen('confirm-approval')}>{approval}</LinkButton>}
          {user !== null && !isAuthor && <FlagButton entityType={kind.comments.entityType} id={comment.id} label="comment" />}
          {actions.accept && comment.isApproved && (
            <LinkButton onClick={() => actions.accept?.(comment.isAccepted ? null : comment.id)}>
              {comment.isAccepted ? 'Unaccept' : 'Accept'}
            </LinkButton>
          )}
          {replyCount > 0 && (
            <LinkButton
              className="comment-replies-toggle"
              aria-expanded={repliesShown}
              aria-controls={repliesId}
              onClick={() => setRepliesShown(!repliesShown)}
            >
              {repliesShown ? 'Hide' : 'Show'} {replyCount} {replyCount === 1 ? 'reply' : 'replies'}
            </LinkButton>
          )}
        </footer>
        {open === 'reply' && (
          <CommentForm
            kind={kind}
            postId={postId}
            label={`Reply to ${comment.name}`}
            submitText="Reply"
            onSubmit={async (content, attachedFiles) => {
              await actions.add(content, attachedFiles, comment.id);
              setOpen(null);
            }}
            onCancel={() => setOpen(null)}
          />
        )}
      </div>
      <ConfirmationPopup
        open={open === 'confirm-delete'}
        header={CONFIRM_HEADER}
        body={
          <>
            <p>Delete the comment by {comment.name || 'a deleted user'}?</p>
            <p>{CONFIRM_DELETE_TEXT}</p>
          </>
        }
        danger
        onConfirm={() => {
          setOpen(null);
          actions.remove(comment.id);
        }}
        onCancel={() => setOpen(null)}
      />
      <ConfirmationPopup
        open={open === 'confirm-approval'}
        header={CONFIRM_HEADER}
        body={
          <>
            <p>
              {approval} the comment by {comment.name || 'a deleted user'}?
            </p>
            <p>{CONFIRM_OPERATION_TEXT}</p>
          </>
        }
        onConfirm={() => {
          setOpen(null);
          actions.setApproved(comment.id, !comment.isApproved);
        }}
        onCancel={() => setOpen(null)}
      />
      {replies.length > 0 && (
        <ul id={repliesId} className="comment-replies" aria-label={`Replies to ${comment.name}`} hidden={!repliesShown}>
          {replies.map((reply) => (
            <CommentItem key={reply.comment.id} node={reply} kind={kind} postId={postId} user={user} isAdmin={isAdmin} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

function Author({ comment }: { comment: Comment }) {
  if (!comment.uName) return <span className="comment-author">{comment.name}</span>;
  return (
    <Link className="comment-author" to={paths.profile.getHref(comment.uName)}>
      {comment.name || comment.uName}
    </Link>
  );
}

function CommentTime({ comment }: { comment: Comment }) {
  const edited = comment.updatedOn !== null && comment.updatedOn !== comment.createdOn;
  return (
    <time className="muted" dateTime={parseServerTime(comment.createdOn).toISOString()}>
      {relativeTime(comment.createdOn)}
      {edited && ` (edited ${relativeTime(comment.updatedOn)})`}
    </time>
  );
}

/** Replies at every depth under the comment: what folding it hides. */
function countReplies(node: CommentNode): number {
  return node.replies.reduce((total, reply) => total + 1 + countReplies(reply), 0);
}
