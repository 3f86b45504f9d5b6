export * from './projection-runner';
export * from './projection-target';
export * from './apply-batch';
export * from './apply-search-batch';
export * from './rebuild-projection';
export * from './search-index-target';
export * from './namespaced-transaction';
export * from './projection-versions';
