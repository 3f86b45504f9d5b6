// What other apps and the cross-app tests use of the API: building the site and reaching its ports.
export { createApp } from './create-app';
export { EventSourcedCommands } from './infrastructure/event-sourced-commands';
export { APP_CONFIG, EVENT_STORE, JOB_QUEUE, READ_STORE } from './infrastructure/tokens';
export { openSiteEngines, type SiteEngines } from './infrastructure/site-engines';
