export * from './authorization';
export * from './moderation';
export * from './post-fields';
export * from './post-lifecycle';
export * from './post-id';
export * from './sanitize-rich-text';
export * from './visibility';
export * from './post-kinds';
