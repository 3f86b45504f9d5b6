export const FILE_NOT_FOUND = 'File not found.';
export const FILE_ALREADY_EXISTS = 'File already exists.';
