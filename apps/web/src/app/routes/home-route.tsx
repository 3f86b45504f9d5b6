import { lazy, Suspense } from 'react';
import { HomePage } from '@/features/home/home-page';
import { LatestPosts } from '@/features/home/components/latest-posts';

// Off the first screen's script: most readers stay on Latest.
const RankedPosts = lazy(async () => ({ default: (await import('@/app/routes/home-ranked-posts')).RankedPosts }));

/** Home with its Top and Unanswered tabs: the search's sort and status (issue 27). */
export function HomeRoute() {
  return (
    <HomePage
      renderRankedPosts={(tab) => (
        <Suspense fallback={<LatestPosts title="" posts={null} loading emptyText="" />}>
          <RankedPosts tab={tab} />
        </Suspense>
      )}
    />
  );
}
