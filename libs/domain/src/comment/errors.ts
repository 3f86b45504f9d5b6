export const COMMENT_NOT_FOUND = 'Comment not found.';
export const COMMENT_ALREADY_EXISTS = 'Comment already exists.';
export const REPLIED_COMMENT_NOT_FOUND = 'The comment you reply to was not found.';
export const REPLY_TO_OTHER_POST = 'A reply must answer a comment of the same post.';
export const ATTACHED_FILE_INVALID = '- Attached file is invalid';
