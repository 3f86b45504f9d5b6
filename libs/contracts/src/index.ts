export * from './rules';
export * from './account';
export * from './posts';
export * from './files';
export * from './envelope';
export * from './validation';
export * from './calendar-date';
export * from './profile';
