import { useEffect } from 'react';
import { useHome } from '@/features/home/api/get-home';
import { HomeSideLinks } from '@/features/home/components/home-side-links';
import { LatestPosts } from '@/features/home/components/latest-posts';

/** Home (SPEC §2): latest articles and questions, and links to contribute. */
export function HomePage() {
  const home = useHome();
  const articles = home.data?.articles ?? null;
  const questions = home.data?.questions ?? null;
  const loading = home.isPending;

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
      <div className="home-grid">
        <div className="home-lists">
          <LatestPosts title="Latest Articles" posts={articles} loading={loading} emptyText="No articles yet." />
          <LatestPosts title="Latest Questions" posts={questions} loading={loading} emptyText="No questions yet." />
        </div>
        <HomeSideLinks />
      </div>
    </div>
  );
}
