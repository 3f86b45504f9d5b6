export const APP_CONFIG = Symbol('AppConfig');
export const SITE_ENGINES = Symbol('SiteEngines');
export const JOB_QUEUE = Symbol('JobQueue');
export { EVENT_STORE } from '@app/event-store';
export { READ_STORE } from '@app/read-store';
