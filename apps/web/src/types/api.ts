/** Shapes the SPA reads from the API (SPEC §3). Envelope of every response. */
export interface ApiEnvelope<T> {
  success: boolean;
  result: T;
  errorMessage: string | null;
  timeStamp: string;
}

/** Entity type codes (SPEC §3 Enumerations). */
export const EntityType = {
  Article: 1,
  Question: 2,
  ArticleComment: 3,
  QuestionComment: 4,
  ArticleQuestion: 100,
} as const;
export type EntityTypeCode = (typeof EntityType)[keyof typeof EntityType];

export const RoleId = { Public: 0, User: 1, Admin: 2 } as const;

export interface PostTag {
  id?: number;
  subTag: string;
}

/** A post as it appears in lists (home, search, profile posts, admin). */
export interface GridPostItem {
  id: number;
  entityType: number;
  title: string;
  /** Author display name. */
  name?: string | null;
  /** Author user name. */
  uName: string;
  tags: PostTag[];
  likes: number;
  isApproved: boolean;
  createdOn: string;
  updatedOn?: string | null;
  articleDescription?: string | null;
}

export interface LoginResult {
  userName: string;
  name: string;
  token: string;
  roleId: number;
}

export interface TokenValidationResult {
  userName: string;
  name: string;
  roleId: number;
}

export interface HomeResult {
  articles: GridPostItem[];
  questions: GridPostItem[];
}
