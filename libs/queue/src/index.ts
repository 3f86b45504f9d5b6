export * from './job-queue.port';
export * from './create-job-queue';
export * from './sqlite/sqlite-job-queue';
