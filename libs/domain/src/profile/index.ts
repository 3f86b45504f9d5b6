export * from './events';
export * from './commands';
export * from './errors';
export * from './decider';
export * from './location';
export * from './age';
export * from './privacy';
