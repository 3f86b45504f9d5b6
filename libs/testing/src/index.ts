// Test helpers shared by the specs of every package; production code never imports this package.
export * from './decider-spec';
export * from './projection-test-kit';
export * from './sample-files';
export * from './delivered-mail';
export * from './capturing-smtp-server';
export * from './projection-spec';
export * from './search-projection-spec';
export * from './redis-server';
export * from './eventually';
export * from './given-events';
export * from './temporary-engines';
export * from './tally-projection';
