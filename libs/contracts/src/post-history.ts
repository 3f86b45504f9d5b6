import type { Tag } from './posts';

/** What kind of change one revision of a post was (one event of the post's stream). */
export type PostChange = 'create' | 'edit' | 'publish' | 'unpublish' | 'approve' | 'unapprove' | 'default-image' | 'delete';

/**
 * One revision of GET /api/{Article|Question}/{id}/History (oldest first): who changed the post,
 * when, how, and every field of the post as it stood right after that change.
 */
export interface PostRevision {
  /** 1 for the creation, then 2, 3, ... in the order of the post's stream. */
  revision: number;
  change: PostChange;
  /** Who made the change: their current handle (empty once erased or for the operator) and display name ('Deleted user' once erased). */
  uName: string;
  name: string;
  /** ISO-8601 instant of the change. */
  at: string;
  title: string;
  categoryId: number;
  category: string;
  tags: Tag[];
  content: string;
  /** Article fields; null for questions. */
  description: string | null;
  source: string | null;
  instructions: string | null;
  /** Always true for questions (they have no draft state). */
  isPublished: boolean;
  isApproved: boolean;
  defaultImageId: number;
}
