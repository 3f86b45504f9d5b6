export * from './file-store.port';
export * from './local-file-store';
export * from './stored-file-name';
export * from './content-type';
export * from './zip-entries';
export * from './download-name';
