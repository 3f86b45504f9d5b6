export const APP_CONFIG = Symbol('AppConfig');
export { EVENT_STORE } from '@app/event-store';
export { READ_STORE } from '@app/read-store';
