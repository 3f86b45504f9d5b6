export const ARTICLE_NOT_FOUND = 'Article not found.';
export const ARTICLE_ALREADY_EXISTS = 'Article already exists.';
