export * from './app-config';
export * from './external-providers';
