import { useNavigate } from 'react-router-dom';
import { LoginForms } from '../../auth';

/**
 * The comments area. Comments themselves come with the comments feature; until then a visitor
 * gets the embedded login and signup forms (SPEC §2): a login keeps them on this page, a signup
 * goes home (SPEC §4).
 */
export function PostComments({ loggedIn }: { loggedIn: boolean }) {
  const navigate = useNavigate();
  if (loggedIn) return null;
  return (
    <section className="post-view-comments" aria-labelledby="post-comments-heading">
      <h2 id="post-comments-heading">Comments</h2>
      <p className="post-view-comment-prompt">Log in or sign up to comment.</p>
      <LoginForms onSignedUp={() => navigate('/')} />
    </section>
  );
}
