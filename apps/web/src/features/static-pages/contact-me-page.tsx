import { Link } from 'react-router-dom';
import { StaticPage } from '@/features/static-pages/static-page';
import { paths } from '@/config/paths';
import { ContactForm } from '@/features/static-pages/components/contact-form';

export function ContactMePage() {
  return (
    <StaticPage title="Contact Me">
      <p>Found a mistake in an article, have an idea for the site, or want to ask about your data? I would like to hear from you.</p>
      <ul>
        <li>
          For technical questions, <Link to={paths.question.submit.getHref()}>ask a question</Link>: the whole community can answer it.
        </li>
        <li>
          To propose an article, read <Link to={paths.writeForUs.getHref()}>Write For Us</Link> and{' '}
          <Link to={paths.uploadDocuments.getHref()}>upload your document</Link> with a note in the instructions.
        </li>
        <li>
          For privacy requests, including deleting your data, see the <Link to={paths.privacy.getHref()}>Privacy</Link> page.
        </li>
      </ul>
      <h2>Write to me</h2>
      <p>Anything else: send a message here and I will answer at the e-mail address you give.</p>
      <ContactForm />
    </StaticPage>
  );
}
