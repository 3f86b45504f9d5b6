import type { Article, Question } from '@app/contracts';
import type { PostViewDocument } from '@app/projections';

interface Author {
  uName: string;
  name: string;
}

/** SPEC §3 Article from its post view and its author's name (read at read time). */
export const articleRecord = (post: PostViewDocument, author: Author): Article => ({
  ...questionRecord(post, author),
  description: post.description,
  source: post.source,
  instructions: post.instructions,
  isPublished: post.isPublished,
});

/** SPEC §3 Question from its post view and its author's name. */
export const questionRecord = (post: PostViewDocument, { uName, name }: Author): Question => ({
  id: post.postId,
  title: post.title,
  categoryId: post.categoryId,
  category: post.category,
  tags: post.tags,
  content: post.content,
  uName,
  name,
  isApproved: post.isApproved,
  defaultImageId: post.defaultImageId,
  createdOn: post.createdOn,
  updatedOn: post.updatedOn,
  likes: post.likes,
  attachedFiles: post.attachedFiles,
  images: post.images ?? [],
});
