/** SPEC §9 editor heights, in pixels. */
export const EDITOR_HEIGHT = { comment: 300, question: 400, article: 600 } as const;
