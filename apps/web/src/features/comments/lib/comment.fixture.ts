import type { Comment } from '@app/contracts';

/** An approved comment of an id (a top-level one unless `parentId` says), as the comment specs build their pages. */
export const comment = (id: number, parentId = -1): Comment => ({
  id,
  parentId,
  name: `User ${id}`,
  uName: `user-${id}`,
  content: `<p>${id}</p>`,
  likes: 0,
  createdOn: '2026-01-01T00:00:00Z',
  updatedOn: null,
  isApproved: true,
  isLikedByMe: false,
  profilePic: '',
  isAccepted: false,
});
