import { lazy, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { NoticePage } from '@/components/notice-page';
import { useAuth } from '@/lib/auth-context';
import { AuthorBox } from '@/features/posts/components/author-box';
import { LikeAndShare } from '@/features/posts/components/like-and-share';
import { PostAttachments } from '@/features/posts/components/post-view-attachments';
import { PostContent } from '@/features/posts/components/post-content';
import { PostHeader } from '@/features/posts/components/post-header';
import { PostSource } from '@/features/posts/components/post-source';
import { useCanonicalPostUrl } from '@/features/posts/hooks/use-canonical-post-url';
import { usePostView } from '@/features/posts/hooks/use-post-view';
import { POST_KINDS, type PostKind, type PostKindConfig } from '@/config/post-kinds';
import './post-view.css';

// Not the first screen of a post that is there (issue 25 counts that screen's JavaScript).
const PostNotFound = lazy(async () => ({ default: (await import('@/features/posts/components/post-not-found')).PostNotFound }));

/** Article view and question view (SPEC §2): routes article/{id}/{title} and question/{id}/{title}. */
/** The comments area under a post; the app layer fills it (the posts feature does not know comments). */
export type PostCommentsSlot = (post: { config: PostKindConfig; id: number; authorUName: string }) => ReactNode;

export function PostViewPage({ kind, comments }: { kind: PostKind; comments: PostCommentsSlot }) {
  const config = POST_KINDS[kind];
  const { id, title } = useParams();
  const { user, isAdmin } = useAuth();
  const state = usePostView(config, id, user?.userName ?? null);
  const post = state.status === 'found' ? state.post : null;
  useCanonicalPostUrl(post && { id: post.id, entityType: config.entityType, title: post.title }, title);

  if (state.status === 'not-found') return <PostNotFound config={config} />;
  if (state.status === 'failed') {
    return <NoticePage title={config.label}>This {config.label.toLowerCase()} could not be loaded. Please try again later.</NoticePage>;
  }
  if (!post) return <p className="muted post-view-loading">Loading…</p>;

  const loggedIn = user !== null;
  const canEdit = loggedIn && (isAdmin || user.userName === post.uName);
  return (
    <article className={`post-view post-view-${kind}`}>
      <div className="card post-view-main">
        <PostHeader config={config} post={post} canEdit={canEdit} canSeeHistory={canEdit} canSeeModerationTrail={isAdmin} />
        <PostAttachments files={post.attachedFiles} loggedIn={loggedIn} />
        <PostContent html={post.content} />
        <PostSource source={post.source} />
        <LikeAndShare config={config} post={post} canLike={loggedIn} canFlag={loggedIn && user.userName !== post.uName} />
      </div>
      <AuthorBox name={post.name} userName={post.uName} />
      {comments({ config, id: post.id, authorUName: post.uName })}
    </article>
  );
}
