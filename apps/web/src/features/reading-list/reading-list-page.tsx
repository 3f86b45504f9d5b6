import { useState } from 'react';
import { GridPostItem } from '@/components/grid-post-item';
import { LinkButton } from '@/components/link-button';
import { PageHeading } from '@/components/page-heading';
import { RequireLogin } from '@/components/require-login';
import { useMyPosts } from '@/features/reading-list/api/get-reading-list';
import { messageOf } from '@/lib/message-of';

const LISTS = [
  { list: 'saved', label: 'Saved' },
  { list: 'liked', label: 'Liked' },
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
      <div role="tablist" aria-label="Lists">
        {LISTS.map((item) => (
          <button
            key={item.list}
            type="button"
            role="tab"
            aria-selected={list === item.list}
            className={list === item.list ? 'profile-tab profile-tab-active' : 'profile-tab'}
            onClick={() => setList(item.list)}
          >
            {item.label}
          </button>
        ))}
      </div>
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
          <LinkButton onClick={() => void posts.fetchNextPage()} disabled={posts.isFetchingNextPage}>
            Load more
          </LinkButton>
        )}
      </div>
    </div>
  );
}
