// No zod here: the SPA's shell needs these at start-up without the schemas (apps/web vite.config.ts).

/** SPEC §3 enumerations. */
export const EntityType = { Article: 1, Question: 2, ArticleComment: 3, QuestionComment: 4, ArticleQuestion: 100 } as const;
export type EntityType = (typeof EntityType)[keyof typeof EntityType];

export const AttachmentType = {
  Document: 1,
  ArticleFileAttachment: 2,
  QuestionFileAttachment: 3,
  ArticleImageAttachment: 4,
  QuestionImageAttachment: 5,
  ArticleCommentImageAttachment: 6,
  QuestionCommentImageAttachment: 7,
  ProfilePicture: 8,
} as const;
export type AttachmentType = (typeof AttachmentType)[keyof typeof AttachmentType];

export const RoleId = { User: 1, Admin: 2 } as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];
