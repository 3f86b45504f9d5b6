export * from './read-store.port';
export { SHADOW_SUFFIX } from './collection-name';
export * from './create-read-store';
export * from './sqlite/sqlite-read-store';
export * from './serial-lock';
export * from './shared-within-turn';
export * from './collection-cache';
