import type { Article, AttachedFile, Question, Tag } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, API_BASE } from '@/lib/api-client';
import { takeFirstRead } from '@/lib/first-read';
import type { PostKindConfig } from '@/config/post-kinds';

/** An article or a question as the view page shows it; questions have no description or source (a question is a draft only before it is posted). */
export interface ViewedPost {
  id: number;
  title: string;
  description: string | null;
  categoryId: number;
  category: string;
  tags: Tag[];
  content: string;
  source: string | null;
  isPublished: boolean;
  isApproved: boolean;
  uName: string;
  name: string;
  createdOn: string;
  updatedOn: string | null;
  likes: number;
  /** Whether the logged-in reader likes it. */
  isLikedByMe: boolean;
  /** Whether the post is on the logged-in reader's reading list. */
  isSavedByMe: boolean;
  attachedFiles: AttachedFile[];
}

/**
 * GET /api/Article/{id} or /api/Question/{id}. The bearer token goes along when logged in, so an
 * owner or admin also sees their drafts and unapproved posts; the public gets the same answer without it.
 */
export function getPost<T extends Article | Question = Article | Question>(
  kind: PostKindConfig,
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<T> {
  return api.get<T>(`/${kind.resource}/${id}`, { signal });
}

/** The view page's shape of either kind. */
export function toViewedPost(post: Article | Question): ViewedPost {
  const article = 'description' in post ? post : null;
  return {
    id: post.id,
    title: post.title,
    description: article?.description ?? null,
    categoryId: post.categoryId,
    category: post.category,
    tags: post.tags ?? [],
    content: post.content,
    source: article?.source ?? null,
    isPublished: post.isPublished ?? true,
    isApproved: post.isApproved,
    uName: post.uName,
    name: post.name,
    createdOn: post.createdOn,
    updatedOn: post.updatedOn,
    likes: post.likes ?? 0,
    isLikedByMe: post.isLikedByMe ?? false,
    isSavedByMe: post.isSavedByMe ?? false,
    attachedFiles: post.attachedFiles ?? [],
  };
}

/** The viewer is part of the key: a login in place may reveal the viewer's own draft, a logout hides it. */
export const getPostQueryOptions = (kind: PostKindConfig, id: number, viewer: string | null) =>
  queryOptions({
    queryKey: ['posts', kind.kind, id, { viewer }],
    queryFn: ({ signal }) => getPost(kind, id, { signal }),
    select: toViewedPost,
  });

/**
 * The post the page was opened on, as the server wrote it into the page for anyone (the first
 * read), from which it also painted the page. A visitor's first render draws it at once, the same
 * as the paint, and does not ask again; a logged-in reader's shows it while their own view of the
 * post (their like, their drafts) is on the way, instead of 'Loading…' over the painted post.
 */
function useFirstReadPost(kind: PostKindConfig, id: number | null) {
  const [firstRead] = useState(() => {
    if (id === null) return null;
    const read = takeFirstRead<Article | Question>(`${API_BASE}/${kind.resource}/${id}`, true);
    return read && { kind: kind.kind, id, post: read.result };
  });
  return firstRead && firstRead.kind === kind.kind && firstRead.id === id ? firstRead.post : undefined;
}

/** The post of a view page; `id` null (not a number) means there is nothing to load. */
export function usePost(kind: PostKindConfig, id: number | null, viewer: string | null) {
  const firstRead = useFirstReadPost(kind, id);
  return useQuery({
    ...getPostQueryOptions(kind, id ?? 0, viewer),
    ...(firstRead && viewer === null ? { initialData: firstRead, staleTime: Infinity } : {}),
    enabled: id !== null,
    // While the viewer changes, keep showing the same post rather than 'Loading…'.
    placeholderData: (previous) => (previous?.id === id ? previous : firstRead),
  });
}
