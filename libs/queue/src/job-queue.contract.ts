import { randomUUID } from 'node:crypto';
import { JobMeta, JobQueue } from './job-queue.port';

/** Short backoff so the retry tests take milliseconds: retries wait 20, 40, 80, 160 ms. */
export const CONTRACT_BACKOFF_MS = 20;
const MAX_ATTEMPTS = 5;

export interface JobQueueStorage {
  /**
   * A new JobQueue over this test's storage (a fresh SQLite file, a fresh Redis prefix), with
   * `maxAttempts: 5` and `backoffMs: CONTRACT_BACKOFF_MS`. Each call opens new connections, as a
   * restarted process would.
   */
  open(): Promise<JobQueue>;
  /** Removes the storage; every opened queue is already closed. */
  dispose(): Promise<void>;
}

/**
 * The one suite every JobQueue adapter passes. `newStorage` is called once per test.
 */
export function describeJobQueueContract(adapterName: string, newStorage: () => Promise<JobQueueStorage>): void {
  describe(`JobQueue contract: ${adapterName}`, () => {
    let storage: JobQueueStorage;
    let opened: JobQueue[];

    const open = async (): Promise<JobQueue> => {
      const queue = await storage.open();
      opened.push(queue);
      return queue;
    };

    beforeEach(async () => {
      storage = await newStorage();
      opened = [];
    });

    afterEach(async () => {
      for (const queue of opened) await queue.close();
      await storage.dispose();
    });

    it('runs an enqueued job once, with its data, id and attempt 1', async () => {
      const queue = await open();
      const runs: Array<{ data: unknown; meta: JobMeta }> = [];
      await queue.process('greet', async (data, meta) => {
        runs.push({ data, meta });
      });

      await queue.enqueue({ id: 'job-1', name: 'greet', data: { to: 'ada@example.com', n: 1 } });

      await eventually(() => expect(runs).toHaveLength(1));
      await eventually(async () => expect(await queue.stats()).toEqual({ waiting: 0, active: 0, completed: 1, failed: 0 }));
      await pause(100);
      expect(runs).toEqual([{ data: { to: 'ada@example.com', n: 1 }, meta: { id: 'job-1', attempt: 1 } }]);
    });

    it('runs jobs enqueued before the consumer started', async () => {
      const queue = await open();
      await queue.enqueue({ id: randomUUID(), name: 'greet', data: 1 });
      await queue.enqueue({ id: randomUUID(), name: 'greet', data: 2 });
      expect(await queue.stats()).toEqual({ waiting: 2, active: 0, completed: 0, failed: 0 });

      const seen: unknown[] = [];
      await queue.process('greet', async (data) => {
        seen.push(data);
      });

      await eventually(() => expect([...seen].sort()).toEqual([1, 2]));
    });

    it('runs a job enqueued twice with one id only once, also after it completed', async () => {
      const queue = await open();
      const id = randomUUID();
      let runs = 0;
      await Promise.all([queue.enqueue({ id, name: 'greet', data: 'first' }), queue.enqueue({ id, name: 'greet', data: 'second' })]);
      await queue.process('greet', async () => {
        runs += 1;
      });
      await eventually(() => expect(runs).toBe(1));

      await queue.enqueue({ id, name: 'greet', data: 'again' });
      await pause(300);
      expect(runs).toBe(1);
      expect(await queue.stats()).toEqual({ waiting: 0, active: 0, completed: 1, failed: 0 });
    });

    it('retries a failed job with backoff, counting attempts, until it succeeds', async () => {
      const queue = await open();
      const attempts: number[] = [];
      const startedAt: number[] = [];
      await queue.process('flaky', async (_data, meta) => {
        attempts.push(meta.attempt);
        startedAt.push(Date.now());
        if (meta.attempt < 3) throw new Error(`SMTP unavailable (attempt ${meta.attempt})`);
      });

      await queue.enqueue({ id: 'flaky-1', name: 'flaky', data: {} });

      await eventually(async () => expect(await queue.stats()).toMatchObject({ completed: 1 }));
      expect(attempts).toEqual([1, 2, 3]);
      // The second retry waits about twice the first backoff.
      expect(startedAt[2] - startedAt[1]).toBeGreaterThanOrEqual(2 * CONTRACT_BACKOFF_MS - 5);
      expect(await queue.stats()).toEqual({ waiting: 0, active: 0, completed: 1, failed: 0 });
      expect(await queue.failed(10)).toEqual([]);
    });

    it('keeps a job that failed every attempt as failed, with its data, last error and attempts', async () => {
      const queue = await open();
      const attempts: number[] = [];
      await queue.process('doomed', async (_data, meta) => {
        attempts.push(meta.attempt);
        throw new Error(`mailbox unavailable (attempt ${meta.attempt})`);
      });

      await queue.enqueue({ id: 'doomed-1', name: 'doomed', data: { to: 'nobody@example.com' } });

      await eventually(async () => expect(await queue.stats()).toMatchObject({ failed: 1 }), 5000);
      expect(attempts).toEqual([1, 2, 3, 4, 5]);
      expect(await queue.failed(10)).toEqual([
        {
          id: 'doomed-1',
          name: 'doomed',
          data: { to: 'nobody@example.com' },
          error: 'mailbox unavailable (attempt 5)',
          attempts: MAX_ATTEMPTS,
        },
      ]);
      expect(await queue.stats()).toEqual({ waiting: 0, active: 0, completed: 0, failed: 1 });

      // A failed job is not run again by re-enqueueing its id.
      await queue.enqueue({ id: 'doomed-1', name: 'doomed', data: { to: 'nobody@example.com' } });
      await pause(200);
      expect(attempts).toHaveLength(5);
    });

    it('lists failed jobs newest first, up to the limit', async () => {
      const queue = await open();
      await queue.process('doomed', async () => {
        throw new Error('no');
      });
      for (const id of ['a-1', 'a-2', 'a-3']) {
        await queue.enqueue({ id, name: 'doomed', data: id });
        await eventually(async () => expect((await queue.failed(10)).map((job) => job.id)).toContain(id), 5000);
      }
      expect((await queue.failed(2)).map((job) => job.id)).toEqual(['a-3', 'a-2']);
    });

    it('only hands a consumer the jobs of its own name', async () => {
      const queue = await open();
      const seen: string[] = [];
      await queue.process('greet', async (data) => {
        seen.push(data as string);
      });
      await queue.enqueue({ id: randomUUID(), name: 'other', data: 'other' });
      await queue.enqueue({ id: randomUUID(), name: 'greet', data: 'greet' });

      await eventually(() => expect(seen).toEqual(['greet']));
      await pause(200);
      expect(seen).toEqual(['greet']);
      expect(await queue.stats()).toEqual({ waiting: 1, active: 0, completed: 1, failed: 0 });
    });

    it('runs several jobs at once up to the concurrency', async () => {
      const queue = await open();
      let running = 0;
      let mostAtOnce = 0;
      await queue.process(
        'slow',
        async () => {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await pause(150);
          running -= 1;
        },
        { concurrency: 3 },
      );
      for (let index = 0; index < 6; index += 1) await queue.enqueue({ id: `slow-${index}`, name: 'slow', data: index });

      await eventually(async () => expect(await queue.stats()).toMatchObject({ completed: 6 }), 5000);
      expect(mostAtOnce).toBe(3);
    });

    it('keeps enqueued jobs across a restart: they run in the next process', async () => {
      const before = await open();
      await before.enqueue({ id: 'durable-1', name: 'greet', data: { hello: 'again' } });
      await before.close();

      const after = await open();
      const seen: unknown[] = [];
      await after.process('greet', async (data) => {
        seen.push(data);
      });
      await eventually(() => expect(seen).toEqual([{ hello: 'again' }]));

      // The id is still known to the new process: enqueueing it again runs nothing.
      await after.enqueue({ id: 'durable-1', name: 'greet', data: { hello: 'again' } });
      await pause(200);
      expect(seen).toHaveLength(1);
    });

    it('refuses work once closed', async () => {
      const queue = await open();
      await queue.close();
      await expect(queue.enqueue({ id: 'late', name: 'greet', data: null })).rejects.toThrow(/closed/);
    });
  });
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Retries an assertion until it passes or the time is up (then its last failure is thrown). */
async function eventually(assertion: () => unknown, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await pause(20);
    }
  }
}
