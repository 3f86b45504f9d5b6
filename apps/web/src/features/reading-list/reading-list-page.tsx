import { useState } from 'react';
import { GridPostItem } from '@/components/grid-post-item';
import { PageHeading } from '@/components/page-heading';
import { TabBar } from '@/components/tab-bar';
import { RequireLogin } from '@/components/require-login';
import { useMyPosts } from '@/features/reading-list/api/get-reading-list';
import { messageOf } from '@/lib/message-of';

const LISTS = [
  { value: 'saved', label: 'Saved' },
  { value: 'liked', label: 'Liked' },
] as const;

/** /readinglist: the posts I saved for later, and those I like, newest first. */
export function ReadingListPage() {
  return (
    <RequireLogin>
      <ReadingList />
    </RequireLogin>
  );
}

function ReadingList() {
  const [list, setList] = useState<'saved' | 'liked'>('saved');
  const posts = useMyPosts(list);
  const entries = posts.data?.pages.flat() ?? [];
  return (
    <div className="reading-list-page">
      <PageHeading title="Reading list" />
      <TabBar label="Lists" tabs={LISTS} selected={list} onSelect={setList} />
      <div role="tabpanel">
        {posts.isError && <p className="notice">{messageOf(posts.error)}</p>}
        {posts.isSuccess && entries.length === 0 && (
          <p className="muted">{list === 'saved' ? 'Nothing saved yet: use Save on a post to keep it here.' : 'No liked posts yet.'}</p>
        )}
        <ul className="post-list">
          {entries.map((entry) => (
            <GridPostItem key={entry.id} post={entry.post} />
          ))}
        </ul>
        {posts.hasNextPage && (
          <button type="button" className="button" onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
            Load more
          </button>
        )}
      </div>
    </div>
  );
}
