import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import type { PostKind } from '@/config/post-kinds';
import { LoginForms } from '@/features/auth/components/login-forms';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { PostViewPage } from '@/features/posts/post-view-page';

/**
 * Article and question view: the posts feature's page, with the comments feature's section under
 * the post, which gets the auth feature's embedded login and signup forms for visitors (a login
 * keeps them on the page, a signup goes home; SPEC §2, §4).
 */
export function PostViewRoute({ kind }: { kind: PostKind }) {
  const navigate = useNavigate();
  const loginForms = <LoginForms onSignedUp={() => void navigate(paths.home.getHref())} />;
  return (
    <PostViewPage
      kind={kind}
      comments={({ config, id }) => <CommentsSection key={`${config.kind}-${id}`} kind={config} postId={id} loginForms={loginForms} />}
    />
  );
}
