export * from './projection-runner';
export * from './apply-batch';
export * from './namespaced-transaction';
export * from './projection-versions';
