import { lazy, Suspense } from 'react';
import type { PostKind } from '@/config/post-kinds';
import { PostViewPage } from '@/features/posts/post-view-page';

// Under the post, so loaded after it: the comment and login forms bring their validation (zod).
const CommentsSection = lazy(async () => ({ default: (await import('@/features/comments/components/comments-section')).CommentsSection }));
const LoginForms = lazy(async () => ({ default: (await import('@/features/auth/components/login-forms')).LoginForms }));

/**
 * Article and question view: the posts feature's page, with the comments feature's section under
 * the post, which gets the auth feature's embedded login and signup forms for visitors (a login or
 * a signup keeps them on the page; SPEC §2, §4, issue 25).
 */
export function PostViewRoute({ kind }: { kind: PostKind }) {
  const loginForms = <LoginForms />;
  return (
    <PostViewPage
      kind={kind}
      comments={({ config, id, authorUName }) => (
        <Suspense fallback={null}>
          <CommentsSection key={`${config.kind}-${id}`} kind={config} postId={id} postAuthor={authorUName} loginForms={loginForms} />
        </Suspense>
      )}
    />
  );
}
