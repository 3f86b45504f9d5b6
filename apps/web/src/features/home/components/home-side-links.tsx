import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function HomeSideLinks() {
  return (
    <aside className="card home-side-links" aria-label="Contribute">
      <h2>Contribute</h2>
      <ul>
        <li>
          <Link to={paths.article.submit.getHref()}>Submit an Article</Link>
        </li>
        <li>
          <Link to={paths.question.submit.getHref()}>Ask a Question</Link>
        </li>
        <li>
          <Link to={paths.uploadDocuments.getHref()}>Upload Documents</Link>
        </li>
      </ul>
    </aside>
  );
}
