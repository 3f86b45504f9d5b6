export * from './read-store.port';
export * from './create-read-store';
export * from './sqlite/sqlite-read-store';
export * from './serial-lock';
