import { useEffect, useState } from 'react';
import { TabBar } from '@/components/tab-bar';
import { useHome } from '@/features/home/api/get-home';
import { FollowingPosts } from '@/features/home/components/following-posts';
import { HomeSideLinks } from '@/features/home/components/home-side-links';
import { LatestPosts } from '@/features/home/components/latest-posts';
import { useAuth } from '@/lib/auth-context';

/** Home (SPEC §2): latest articles and questions, and links to contribute. */
export function HomePage() {
  const home = useHome();
  const articles = home.data?.articles ?? null;
  const questions = home.data?.questions ?? null;
  const loading = home.isPending;
  const { user } = useAuth();
  // A logged-in reader chooses between everyone's latest posts and those of whom they follow.
  const [tab, setTab] = useState<'latest' | 'following'>('latest');
  const showFollowing = user !== null && tab === 'following';

  useEffect(() => {
    document.title = 'DevCommunity';
  }, []);

  return (
    <div className="home">
      <h1 className="visually-hidden">DevCommunity</h1>
      {home.isError && (
        <p className="notice" role="alert">
          The latest posts could not be loaded. Please try again later.
        </p>
      )}
      {user && (
        <TabBar
          label="Home"
          tabs={[
            { value: 'latest', label: 'Latest' },
            { value: 'following', label: 'Following' },
          ]}
          selected={tab}
          onSelect={setTab}
        />
      )}
      <div className="home-grid">
        {showFollowing ? (
          <FollowingPosts viewer={user.userName} />
        ) : (
          <div className="home-lists">
            <LatestPosts title="Latest Articles" posts={articles} loading={loading} emptyText="No articles yet." />
            <LatestPosts title="Latest Questions" posts={questions} loading={loading} emptyText="No questions yet." />
          </div>
        )}
        <HomeSideLinks />
      </div>
    </div>
  );
}
