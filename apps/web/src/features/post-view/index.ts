/** The article and question view, shared by the articles and questions features. */
export { PostViewPage } from './post-view-page';
export type { PostKind } from './post-kinds';
