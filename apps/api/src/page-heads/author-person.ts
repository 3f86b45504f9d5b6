import type { AuthorName } from '../shared/author-names';
import type { SiteUrls } from './site-urls';

/** schema.org Person of an author: linked to their profile unless the account was erased. */
export const authorPerson = ({ uName, name }: AuthorName, urls: SiteUrls) => ({
  '@type': 'Person',
  name,
  ...(uName ? { url: urls.profile(uName) } : {}),
});
