export * from './key-store.port';
export * from './erasure-ledger';
export * from './sqlite-key-store';
export * from './create-key-store';
export * from './personal-data-vault';
export * from './email-lookup';
export * from './password-hasher';
