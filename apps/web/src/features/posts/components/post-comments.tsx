import type { ReactNode } from 'react';

/**
 * The comments area. Comments themselves come with the comments feature; until then a visitor
 * gets the embedded login and signup forms (SPEC §2), which the app layer passes in.
 */
export function PostComments({ loggedIn, loginForms }: { loggedIn: boolean; loginForms: ReactNode }) {
  if (loggedIn) return null;
  return (
    <section className="post-view-comments" aria-labelledby="post-comments-heading">
      <h2 id="post-comments-heading">Comments</h2>
      <p className="post-view-comment-prompt">Log in or sign up to comment.</p>
      {loginForms}
    </section>
  );
}
