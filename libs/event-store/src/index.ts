export * from './event-store.port';
export * from './decide-and-append';
export * from './duplicate-event-id.error';
export * from './repeatable-command';
export * from './create-event-store';
export { SqliteEventStore, wakeSubscriptions, type SqliteEventStoreOptions } from './sqlite/sqlite-event-store';
