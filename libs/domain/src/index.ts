export * from './shared';
export * from './posts';
export * from './account';
export * from './file';
export * from './profile';
export * from './reference-data';
export * from './comment';
export * from './like';
