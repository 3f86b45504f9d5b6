import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import type { PostKindConfig } from '@/config/post-kinds';

/** A post that does not exist, was deleted, or is not visible to this viewer. */
export function PostNotFound({ config }: { config: PostKindConfig }) {
  return (
    <div className="card post-view-not-found">
      <PageHeading title={`${config.label} not found`} />
      <p>This {config.label.toLowerCase()} does not exist or is no longer available.</p>
      <p>
        <Link to={paths.home.getHref()}>Back to Home</Link> or{' '}
        <Link to={paths.search.getHref({ entityType: config.entityType })}>browse all {config.label.toLowerCase()}s</Link>.
      </p>
    </div>
  );
}
