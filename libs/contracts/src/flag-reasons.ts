// No schema here: a post's first screen offers 'Flag' with these reasons, and a module that builds
// zod schemas would bring zod's code into it (flags.ts builds the requests' schemas from these).

/** Issue 27: why a reader flags a post or comment. */
export const FLAG_REASONS = ['spam', 'abuse', 'off-topic', 'other'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** What an admin does with an item's open flags. */
export const FLAG_ACTIONS = ['dismiss', 'hide', 'delete'] as const;
export type FlagAction = (typeof FLAG_ACTIONS)[number];

export const FLAG_NOTE_MAX_LENGTH = 500;
