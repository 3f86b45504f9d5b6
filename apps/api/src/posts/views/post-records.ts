import type { Article, Question } from '@app/contracts';
import { canEdit, type Actor } from '@app/domain';
import type { PostViewDocument } from '@app/projections';

export interface Author {
  uName: string;
  name: string;
}

/**
 * Whether a reader gets the staff instructions of a post and of its attached files: its owner and
 * admins do; anyone else (anonymous readers, whose answer is cached and embedded in pages) gets ''.
 * Images' instructions are their captions, shown under them, and stay public.
 */
export const readsStaffInstructions = (post: PostViewDocument, viewer: Actor | null): boolean =>
  viewer !== null && canEdit(viewer, post.authorId);

/** The record of a kind from its post view, its author's name and whether the reader gets staff instructions. */
export type PostRecordOf<Record> = (post: PostViewDocument, author: Author, staffInstructions: boolean) => Record;

/** SPEC §3 Article from its post view and its author's name (read at read time). */
export const articleRecord = (post: PostViewDocument, author: Author, staffInstructions: boolean): Article => ({
  ...withoutAcceptedAnswer(questionRecord(post, author, staffInstructions)),
  description: post.description,
  source: post.source,
  instructions: staffInstructions ? post.instructions : '',
  isPublished: post.isPublished,
});

const withoutAcceptedAnswer = ({ acceptedCommentId: _questionsOnly, ...record }: Question) => record;

/** SPEC §3 Question from its post view and its author's name. */
export const questionRecord = (post: PostViewDocument, { uName, name }: Author, staffInstructions: boolean): Question => ({
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
  attachedFiles: staffInstructions ? post.attachedFiles : post.attachedFiles.map((file) => ({ ...file, instructions: '' })),
  images: post.images ?? [],
  acceptedCommentId: post.acceptedCommentId ?? null,
  // Issue 25: a question draft says so (only its author and admins read it); a posted one is the SPEC §3 record as it was.
  ...(post.isPublished ? {} : { isPublished: false }),
});
