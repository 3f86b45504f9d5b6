import type { EventStore } from '@app/event-store';
import type { JobQueue } from '@app/queue';
import type { ReadStore } from '@app/read-store';
import { EVENT_STORE, JOB_QUEUE, READ_STORE } from '@app/api';
import type { TestApp } from './test-app';

/** The reactors that send mail. */
export const MAIL_REACTORS = ['account-mail', 'comment-notification', 'sign-in-mail'] as const;

/**
 * Waits until the mail reactors' checkpoints have passed the log's head (each event so far was
 * handled: whatever it enqueues is enqueued) and the job queue holds nothing waiting or running
 * (whatever was enqueued was sent). A test then asserts what was NOT sent, without sleeping.
 */
export async function mailSettled(site: TestApp, timeoutMs = 20_000): Promise<void> {
  const eventStore = site.app.get<EventStore>(EVENT_STORE);
  const readStore = site.app.get<ReadStore>(READ_STORE);
  const queue = site.app.get<JobQueue>(JOB_QUEUE);
  const head = await eventStore.headPosition();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const checkpoints = await Promise.all(MAIL_REACTORS.map((name) => readStore.getCheckpoint(name)));
    const passed = checkpoints.every((checkpoint) => head === null || (checkpoint !== null && checkpoint >= head));
    const stats = await queue.stats();
    if (passed && stats.waiting + stats.active === 0) return;
    if (Date.now() > deadline)
      throw new Error(
        `Mail not settled: reactors at ${checkpoints.join(', ')} of ${String(head)}, ${stats.waiting + stats.active} jobs left`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
