export const APP_CONFIG = Symbol('AppConfig');
export const SITE_ENGINES = Symbol('SiteEngines');
export const JOB_QUEUE = Symbol('JobQueue');
export { EVENT_STORE } from '@app/event-store';
export { READ_STORE } from '@app/read-store';
export { SEARCH_INDEX } from '@app/search-index';

/** The time a command happens at: handlers ask it instead of `new Date()`, so tests can fix it. */
export const CLOCK = Symbol('Clock');
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
