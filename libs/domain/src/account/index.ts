export * from './sealed-personal-data';
export * from './events';
export * from './commands';
export * from './errors';
export * from './decider';
export * from './user-name';
export * from './credential-link-window';
export * from './credential-link';
