import { lazy, Suspense, type ReactNode } from 'react';
import type { PostKind } from '@/config/post-kinds';
import { PostViewPage } from '@/features/posts/post-view-page';
import { useHydrated } from '@/lib/use-hydrated';

// Under the post, so loaded after it: the comment and login forms bring their validation (zod).
const CommentsSection = lazy(async () => ({ default: (await import('@/features/comments/components/comments-section')).CommentsSection }));
const LoginForms = lazy(async () => ({ default: (await import('@/features/auth/components/login-forms')).LoginForms }));

/**
 * Not in the server's paint (the comments' chunk is not loaded there): drawn once the SPA has
 * adopted the paint, by a render of this part alone.
 */
function AfterPaint({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

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
        <AfterPaint>
          <Suspense fallback={null}>
            <CommentsSection key={`${config.kind}-${id}`} kind={config} postId={id} postAuthor={authorUName} loginForms={loginForms} />
          </Suspense>
        </AfterPaint>
      )}
    />
  );
}
