import { useEffect, useState, type ReactNode } from 'react';
import { TabBar } from '@/components/tab-bar';
import { useHome } from '@/features/home/api/get-home';
import { FollowingPosts } from '@/features/home/components/following-posts';
import { HomeSideLinks } from '@/features/home/components/home-side-links';
import { LatestPosts } from '@/features/home/components/latest-posts';
import { useAuth } from '@/lib/auth-context';

/** Issue 27: Home's tabs of the search's sort and status, listed by the app layer (`renderRankedPosts`). */
export type RankedTab = 'top' | 'unanswered';
type HomeTab = 'latest' | RankedTab | 'following';

/** Home (SPEC §2): latest articles and questions, top posts and unanswered questions, and links to contribute. */
export function HomePage({ renderRankedPosts }: { renderRankedPosts: (tab: RankedTab) => ReactNode }) {
  const home = useHome();
  const articles = home.data?.articles ?? null;
  const questions = home.data?.questions ?? null;
  const loading = home.isPending;
  const { user } = useAuth();
  const [tab, setTab] = useState<HomeTab>('latest');

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
      <TabBar
        label="Home"
        tabs={[
          { value: 'latest', label: 'Latest' },
          { value: 'top', label: 'Top' },
          { value: 'unanswered', label: 'Unanswered' },
          // Those a logged-in reader follows.
          ...(user ? [{ value: 'following' as const, label: 'Following' }] : []),
        ]}
        selected={tab}
        onSelect={setTab}
      />
      <div className="home-grid">
        {tab === 'following' && user ? (
          <FollowingPosts viewer={user.userName} />
        ) : tab === 'top' || tab === 'unanswered' ? (
          renderRankedPosts(tab)
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
