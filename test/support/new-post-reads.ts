// Reads Jest's `expect` when it loads, so it is kept apart from posts.ts, which the benchmarks import.
/** What a post just created reads as besides its fields: unedited, no likes, files or images, not liked or saved by the reader. */
export const NEW_POST_READS = {
  createdOn: expect.any(String),
  updatedOn: null,
  likes: 0,
  attachedFiles: [],
  images: [],
  isLikedByMe: false,
  isSavedByMe: false,
};
