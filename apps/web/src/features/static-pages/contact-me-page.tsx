import { Link } from 'react-router-dom';
import { StaticPage } from './static-page';

export function ContactMePage() {
  return (
    <StaticPage title="Contact Me">
      <p>Found a mistake in an article, have an idea for the site, or want to ask about your data? I would like to hear from you.</p>
      <ul>
        <li>
          For technical questions, <Link to="/question/ask">ask a question</Link>: the whole community can answer it.
        </li>
        <li>
          To propose an article, read <Link to="/write-for-us">Write For Us</Link> and{' '}
          <Link to="/documents/upload">upload your document</Link> with a note in the instructions.
        </li>
        <li>
          For privacy requests, including deleting your data, see the <Link to="/privacy">Privacy</Link> page.
        </li>
      </ul>
    </StaticPage>
  );
}
