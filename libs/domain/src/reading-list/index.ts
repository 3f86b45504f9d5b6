export * from './events';
export * from './commands';
export * from './decider';
