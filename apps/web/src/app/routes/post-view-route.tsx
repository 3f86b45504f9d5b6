import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { PostKind } from '@/config/post-kinds';
import { PostViewPage } from '@/features/posts/post-view-page';
import { useHydrated } from '@/lib/use-hydrated';

// Under the post, so loaded after it: the comment and login forms bring their validation (zod).
const CommentsSection = lazy(async () => ({ default: (await import('@/features/comments/components/comments-section')).CommentsSection }));
const LoginForms = lazy(async () => ({ default: (await import('@/features/auth/components/login-forms')).LoginForms }));

/**
 * The comments come as the reader nears them (a screen away), or at once when the address points
 * into the page (`#comment-{id}`). Their chunk brings zod's schemas for the forms and stylesheets
 * that restyle the whole page: on a phone, most of a post's main-thread work after the paint
 * (issue 25), for a section below the first screen. Not in the server's paint (their chunk is
 * not loaded there): drawn once the SPA has adopted the paint.
 */
function NearComments({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const { hash } = useLocation();
  const [near, setNear] = useState(false);
  const placeholder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, hydrated]);
  if (!hydrated) return null;
  return near || hash !== '' ? children : <div ref={placeholder} />;
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
        <NearComments>
          <Suspense fallback={null}>
            <CommentsSection key={`${config.kind}-${id}`} kind={config} postId={id} postAuthor={authorUName} loginForms={loginForms} />
          </Suspense>
        </NearComments>
      )}
    />
  );
}
