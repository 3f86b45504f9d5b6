import Database from 'better-sqlite3';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTRACT_BACKOFF_MS, describeJobQueueContract } from '../job-queue.contract';
import { SqliteJobQueue } from './sqlite-job-queue';

describeJobQueueContract('SQLite outbox', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'job-queue-'));
  return {
    open: async () =>
      new SqliteJobQueue({ file: join(dir, 'queue.sqlite'), maxAttempts: 5, backoffMs: CONTRACT_BACKOFF_MS, pollIntervalMs: 20 }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe('SqliteJobQueue', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'job-queue-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('after a crash', () => {
    /** What a process killed mid-job leaves behind: the job `id` enqueued, its row still 'active', last touched `ageMs` ago. */
    async function leaveInterruptedJob(file: string, id: string, attempts: number, ageMs: number): Promise<void> {
      const crashed = new SqliteJobQueue({ file });
      await crashed.enqueue({ id, name: 'greet', data: 'hi' });
      await crashed.close();
      const db = new Database(file);
      db.prepare(`UPDATE jobs SET state = 'active', attempts = ?, updated_at = ? WHERE id = ?`).run(attempts, Date.now() - ageMs, id);
      db.close();
    }

    it('runs again a job whose process died while running it, once its lease expired', async () => {
      const file = join(dir, 'queue.sqlite');
      await leaveInterruptedJob(file, 'interrupted', 1, 60_000);

      const restarted = new SqliteJobQueue({ file, leaseMs: 30_000, pollIntervalMs: 20 });
      const attempts: number[] = [];
      await restarted.process('greet', async (_data, meta) => {
        attempts.push(meta.attempt);
      });
      await waitUntil(async () => (await restarted.stats()).completed === 1);
      expect(attempts).toEqual([2]);
      await restarted.close();
    });

    it('leaves a job alone while its lease is fresh (another process may be running it)', async () => {
      const file = join(dir, 'queue.sqlite');
      await leaveInterruptedJob(file, 'busy', 1, 1_000);

      const queue = new SqliteJobQueue({ file, leaseMs: 30_000, pollIntervalMs: 20 });
      const ran: string[] = [];
      await queue.process('greet', async (_data, meta) => {
        ran.push(meta.id);
      });
      // A job enqueued after it: once that one ran, the consumer has claimed with the busy one there.
      await queue.enqueue({ id: 'probe', name: 'greet', data: 'hi' });
      await waitUntil(async () => (await queue.stats()).completed === 1);
      expect(ran).toEqual(['probe']);
      expect(await queue.stats()).toEqual({ waiting: 0, active: 1, completed: 1, failed: 0 });
      await queue.close();
    });

    it('marks failed a job that was interrupted on its last attempt', async () => {
      const file = join(dir, 'queue.sqlite');
      await leaveInterruptedJob(file, 'poison', 5, 60_000);

      const restarted = new SqliteJobQueue({ file, leaseMs: 30_000, maxAttempts: 5 });
      await restarted.process('greet', async () => undefined);
      const [failed] = await restarted.failed(1);
      expect(failed).toMatchObject({ id: 'poison', attempts: 5, error: expect.stringMatching(/Interrupted/) });
      await restarted.close();
    });

    it('forgets the data of completed jobs but still ignores their id', async () => {
      const file = join(dir, 'queue.sqlite');
      const queue = new SqliteJobQueue({ file, pollIntervalMs: 20 });
      await queue.process('greet', async () => undefined);
      await queue.enqueue({ id: 'private', name: 'greet', data: { to: 'ada@example.com' } });
      await waitUntil(async () => (await queue.stats()).completed === 1);
      await queue.close();

      const db = new Database(file, { readonly: true });
      expect(db.prepare(`SELECT data, state FROM jobs WHERE id = 'private'`).get()).toEqual({ data: 'null', state: 'completed' });
      db.close();
    });
  });

  describe('commits', () => {
    it('commits the enqueues of one turn together, and each is durable once it resolves', async () => {
      const file = join(dir, 'queue.sqlite');
      const queue = new SqliteJobQueue({ file });
      try {
        const before = commitsInWal(file);
        await Promise.all(Array.from({ length: 20 }, (_, n) => queue.enqueue({ id: `job-${n}`, name: 'greet', data: n })));
        expect(commitsInWal(file) - before).toBe(1);
        // Read by another connection, as another process would: every job is there.
        const db = new Database(file, { readonly: true });
        expect(db.prepare(`SELECT COUNT(*) AS count FROM jobs WHERE state = 'waiting'`).get()).toEqual({ count: 20 });
        db.close();
      } finally {
        await queue.close();
      }
    });

    it('fails only the enqueue the table refuses, not the others of its turn', async () => {
      const queue = new SqliteJobQueue({ file: join(dir, 'queue.sqlite') });
      try {
        const [good, refused, alsoGood] = await Promise.allSettled([
          queue.enqueue({ id: 'good', name: 'greet', data: 1 }),
          queue.enqueue({ id: 'nameless', name: null as unknown as string, data: 2 }),
          queue.enqueue({ id: 'also-good', name: 'greet', data: 3 }),
        ]);
        expect([good.status, refused.status, alsoGood.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
        expect(await queue.stats()).toEqual({ waiting: 2, active: 0, completed: 0, failed: 0 });
      } finally {
        await queue.close();
      }
    });

    it("records a run's outcome in the commit that claims the next job", async () => {
      const file = join(dir, 'queue.sqlite');
      const queue = new SqliteJobQueue({ file, pollIntervalMs: 60_000 });
      try {
        await Promise.all(Array.from({ length: 10 }, (_, n) => queue.enqueue({ id: `job-${n}`, name: 'greet', data: n })));
        const before = commitsInWal(file);
        const ran: number[] = [];
        await queue.process<number>('greet', async (n) => {
          ran.push(n);
        });
        await waitUntil(async () => (await queue.stats()).completed === 10);
        expect(ran).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // A claim, then one commit per run: its outcome and the next claim (the last one's outcome alone).
        // One commit for the claim and one for the outcome of each would be 20.
        expect(commitsInWal(file) - before).toBe(11);
      } finally {
        await queue.close();
      }
    });
  });
});

/** The commits in a database's write-ahead log: frames whose header gives the size of the database after a commit. */
function commitsInWal(file: string): number {
  const wal = readFileSync(`${file}-wal`);
  const pageSize = wal.readUInt32BE(8);
  let commits = 0;
  for (let frame = 32; frame + 24 <= wal.length; frame += 24 + pageSize) if (wal.readUInt32BE(frame + 4) !== 0) commits += 1;
  return commits;
}

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
