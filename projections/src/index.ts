export * from './projection';
export * from './runner';
export * from './all-projections';
export * from './site-engines';
