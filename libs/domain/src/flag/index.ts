export * from './events';
export * from './commands';
export * from './decider';
export * from './flaggable-items';
