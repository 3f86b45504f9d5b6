export * from './shared';
export * from './article';
export * from './question';
export * from './posts';
export * from './account';
export * from './file';
export * from './profile';
export * from './reference-data';
