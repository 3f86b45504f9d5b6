import { StaticPage } from '@/features/static-pages/static-page';

export function PrivacyPage() {
  return (
    <StaticPage title="Privacy Policy">
      <h2>Cookies</h2>
      <p>
        This site uses no tracking cookies. Your login session is kept in your own browser's local storage and is removed when you log out.
      </p>
      <h2>What we collect</h2>
      <p>
        Data is collected only when you provide it: the name, e-mail address and password you sign up with, the posts, comments and files
        you submit, and the profile details you choose to fill in. Profile fields such as your date of birth, e-mail and phone are shown
        publicly only if you choose to show them.
      </p>
      <h2>Deletion</h2>
      <p>You can ask for your data to be deleted at any time; on request, your personal data is deleted.</p>
      <h2>Children</h2>
      <p>This site is not intended for children under 13, and we do not knowingly collect data from children under 13.</p>
    </StaticPage>
  );
}
