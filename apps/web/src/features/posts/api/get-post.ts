import type { Article, AttachedFile, Question, Tag } from '@app/contracts';
import { api } from '@/lib/api-client';
import type { PostKindConfig } from '@/config/post-kinds';

/** An article or a question as the view page shows it; questions have no description or source and are always published. */
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
  attachedFiles: AttachedFile[];
}

/**
 * GET /api/Article/{id} or /api/Question/{id}. The bearer token goes along when logged in, so an
 * owner or admin also sees their drafts and unapproved posts; the public gets the same answer without it.
 */
export async function getPost(config: PostKindConfig, id: number, signal?: AbortSignal): Promise<ViewedPost> {
  const post = await api.get<Article | Question>(`/${config.resource}/${id}`, { signal });
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
    isPublished: article ? article.isPublished : true,
    isApproved: post.isApproved,
    uName: post.uName,
    name: post.name,
    createdOn: post.createdOn,
    updatedOn: post.updatedOn,
    likes: post.likes ?? 0,
    attachedFiles: post.attachedFiles ?? [],
  };
}
