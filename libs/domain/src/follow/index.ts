export * from './events';
export * from './commands';
export * from './errors';
export * from './decider';
