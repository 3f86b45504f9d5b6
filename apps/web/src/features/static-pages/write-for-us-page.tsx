import { Link } from 'react-router-dom';
import { StaticPage } from '@/features/static-pages/static-page';
import { paths } from '@/config/paths';

export function WriteForUsPage() {
  return (
    <StaticPage title="Write For Us">
      <p>We welcome technical articles from developers of every level. Share what you have learned and help others learn it faster.</p>
      <h2>Guidelines</h2>
      <ul>
        <li>Articles should be 800-2,000 words long.</li>
        <li>Write about something you have built or studied: explain the why as well as the how, with working code where it helps.</li>
        <li>Your article must be your own work and not published elsewhere without a link to the original source.</li>
      </ul>
      <h2>Two ways to submit</h2>
      <ol>
        <li>
          <Link to={paths.article.submit.getHref()}>Submit an Article</Link> directly with the editor.
        </li>
        <li>
          <Link to={paths.uploadDocuments.getHref()}>Upload a document</Link>: .doc, .docx, .pdf or .txt files up to 5MB, with optional
          instructions for us. Admins can later download uploaded documents, polish them and publish them for you.
        </li>
      </ol>
    </StaticPage>
  );
}
