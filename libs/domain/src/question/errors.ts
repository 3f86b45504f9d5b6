export const QUESTION_NOT_FOUND = 'Question not found.';
export const QUESTION_ALREADY_EXISTS = 'Question already exists.';
