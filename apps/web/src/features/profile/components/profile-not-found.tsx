import { Link } from 'react-router-dom';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';

/** A user name nobody has (or an erased account): a page of its own, without the profile's tabs. */
export function ProfileNotFound({ userName }: { userName: string }) {
  return (
    <div className="card profile-not-found">
      <PageHeading title="User not found" />
      <p>
        There is no user <strong>{userName}</strong>, or their account was deleted.
      </p>
      <p>
        <Link to={paths.home.getHref()}>Back to Home</Link>
      </p>
    </div>
  );
}
