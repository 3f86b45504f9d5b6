import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { postHref } from '@/config/post-kinds';
import { slugify } from '@/lib/slug';

/** Replaces a missing or stale title slug in the URL with the post's current one (SPEC §5 Slug), without a new history entry. */
export function useCanonicalPostUrl(post: { id: number; entityType: number; title: string } | null, titleParam: string | undefined): void {
  const navigate = useNavigate();
  const { search, hash } = useLocation();
  const id = post?.id;
  const entityType = post?.entityType;
  const title = post?.title;

  useEffect(() => {
    if (id === undefined || entityType === undefined || title === undefined) return;
    if ((titleParam ?? '') === slugify(title)) return;
    void navigate({ pathname: postHref({ id, entityType, title }), search, hash }, { replace: true, preventScrollReset: true });
  }, [id, entityType, title, titleParam, search, hash, navigate]);
}
