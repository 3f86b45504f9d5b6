import type { EventStore } from '@app/event-store';
import type { PersonalDataVault } from '@app/personal-data';
import type { JobQueue } from '@app/queue';

/** What the mail reactors read (the log, the key store), where they enqueue, and how they sign links. */
export interface MailReactorDependencies {
  eventStore: EventStore;
  vault: PersonalDataVault;
  queue: JobQueue;
  publicUrl: string;
  credentialLinkSecret: string;
  /** Now, to tell an expired request or a stale comment from a fresh one; default the system clock. */
  clock?: () => Date;
}
