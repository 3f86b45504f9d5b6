import type { EntityType, GridPostItem } from '@app/contracts';

/** A search row of a kind and id, as the specs of the search pages build their answers. */
export const gridPost = (entityType: EntityType, id: number): GridPostItem => ({
  id,
  entityType,
  title: `Post ${id}`,
  name: 'Ada',
  uName: 'ada',
  tags: [],
  likes: 0,
  isApproved: true,
  createdOn: '2024-06-15T10:00:00Z',
  updatedOn: null,
  articleDescription: null,
});
