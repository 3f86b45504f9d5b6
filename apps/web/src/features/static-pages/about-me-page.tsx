import { Link } from 'react-router-dom';
import { StaticPage } from '@/features/static-pages/static-page';
import { paths } from '@/config/paths';

export function AboutMePage() {
  return (
    <StaticPage title="About Me">
      <p>
        I am a software developer and the owner of this site. I started it in 2012 as a place to write down what I learned while building
        software — C#, data structures and algorithms, design patterns, multithreading and, more recently, machine learning.
      </p>
      <p>
        Over the years it grew into a community where other developers share their own articles and answer each other's questions. I still
        review submitted documents and help authors get their articles published.
      </p>
      <p>
        If you would like to get in touch, see <Link to={paths.contactMe.getHref()}>Contact Me</Link>.
      </p>
    </StaticPage>
  );
}
