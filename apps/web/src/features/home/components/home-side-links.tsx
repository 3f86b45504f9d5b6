import { Link } from 'react-router-dom';

export function HomeSideLinks() {
  return (
    <aside className="card home-side-links" aria-label="Contribute">
      <h2>Contribute</h2>
      <ul>
        <li>
          <Link to="/article/submit">Submit an Article</Link>
        </li>
        <li>
          <Link to="/question/ask">Ask a Question</Link>
        </li>
        <li>
          <Link to="/documents/upload">Upload Documents</Link>
        </li>
      </ul>
    </aside>
  );
}
