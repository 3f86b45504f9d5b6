export * from './like-targets';
export * from './events';
export * from './commands';
export * from './decider';
