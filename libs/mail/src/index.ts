export * from './mail-transport.port';
export * from './create-mail-transport';
export * from './send-mail.job';
export * from './mail-folder';
export * from './single-line';
