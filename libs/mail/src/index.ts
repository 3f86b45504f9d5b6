export * from './mail-transport.port';
export * from './smtp-mail-transport';
export * from './file-mail-transport';
export * from './create-mail-transport';
export * from './send-mail.job';
