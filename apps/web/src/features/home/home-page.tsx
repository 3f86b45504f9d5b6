import { useEffect, useState } from 'react';
import type { GridPostItem } from '@app/contracts';
import { getHome } from '@/features/home/api/get-home';
import { HomeSideLinks } from '@/features/home/components/home-side-links';
import { LatestPosts } from '@/features/home/components/latest-posts';

interface HomeState {
  articles: GridPostItem[];
  questions: GridPostItem[];
  failed: boolean;
}

/** Home (SPEC §2): latest articles and questions, and links to contribute. */
export function HomePage() {
  const [home, setHome] = useState<HomeState>({ articles: [], questions: [], failed: false });

  useEffect(() => {
    document.title = 'DevCommunity';
    const controller = new AbortController();
    getHome(controller.signal)
      .then(({ articles, questions }) => setHome({ articles: articles ?? [], questions: questions ?? [], failed: false }))
      .catch(() => {
        if (!controller.signal.aborted) setHome((current) => ({ ...current, failed: true }));
      });
    return () => controller.abort();
  }, []);

  return (
    <div className="home">
      <h1 className="visually-hidden">DevCommunity</h1>
      {home.failed && (
        <p className="notice" role="alert">
          The latest posts could not be loaded. Please try again later.
        </p>
      )}
      <div className="home-grid">
        <div className="home-lists">
          <LatestPosts title="Latest Articles" posts={home.articles} emptyText="No articles yet." />
          <LatestPosts title="Latest Questions" posts={home.questions} emptyText="No questions yet." />
        </div>
        <HomeSideLinks />
      </div>
    </div>
  );
}
