export * from './mentions';
