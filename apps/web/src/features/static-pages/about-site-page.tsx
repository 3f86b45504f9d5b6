import { Link } from 'react-router-dom';
import { StaticPage } from '@/features/static-pages/static-page';
import { paths } from '@/config/paths';

export function AboutSitePage() {
  return (
    <StaticPage title="About Site">
      <p>
        DevCommunity is a free developer-learning community. Developers publish technical articles and questions, comment on them, like
        them, and browse or search everything that has been written.
      </p>
      <h2>What you can do here</h2>
      <ul>
        <li>
          Read articles and questions, see who wrote them, their likes and comments, and search by category or text — no account needed.
        </li>
        <li>
          Sign up to submit and edit articles and questions, add images and attachments, comment with a rich-text editor and like posts.
        </li>
        <li>Upload a draft document and let the site's staff polish and publish it for you.</li>
        <li>Keep a public profile with your skills, work history, project history and education.</li>
      </ul>
      <p>
        Want to contribute? Read the <Link to={paths.writeForUs.getHref()}>Write For Us</Link> guidelines,{' '}
        <Link to={paths.article.submit.getHref()}>submit an article</Link> or{' '}
        <Link to={paths.question.submit.getHref()}>ask a question</Link>.
      </p>
    </StaticPage>
  );
}
