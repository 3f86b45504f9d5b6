export const CANNOT_FOLLOW_YOURSELF = 'You cannot follow yourself.';
export const FOLLOWED_USER_NOT_FOUND = 'User not found.';
export const FOLLOWED_TAG_NOT_FOUND = 'Tag not found.';
