import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { WriteConflict } from '../read-store.port';

/** A statement and its parameters. */
export type Sql = readonly [sql: string, params: readonly unknown[]];
/** A read whose single value must still be `expected` when the transaction commits (null: no row). */
export type Expectation = readonly [sql: string, params: readonly unknown[], expected: string | null];

/**
 * A statement whose parameters are `count` of the step's packed strings from `start` on: many
 * short strings cost the thread's message far more to copy than one long one.
 */
export type PackedSql = readonly [sql: string, params: null, start: number, count: number];

/** One step of a transaction on the writer thread; the thread answers each step, in order. */
export interface WriterStep {
  expect: readonly Expectation[];
  run: ReadonlyArray<Sql | PackedSql>;
  /** The packed strings, one after the other, and their lengths. */
  text: string;
  lengths: Uint32Array;
  /** A search inside the transaction (after `run`): answered with the bodies it found. */
  find?: Sql;
  /** Commits after this step; otherwise the transaction stays open for the next step. */
  commit: boolean;
}

/**
 * The thread's code: plain JavaScript evaluated by the Worker (the server is bundled into one file,
 * so there is no module of ours to load there). It only runs the statements it is sent, one
 * transaction at a time: BEGIN IMMEDIATE on its first step, the expectations checked, COMMIT on the
 * last. After a failure it rolls back and refuses everything that follows (later transactions
 * build on the failed one).
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require('node:module').createRequire(workerData.from)('better-sqlite3');
const db = new Database(workerData.file, { timeout: workerData.busyTimeoutMs });
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('secure_delete = FAST');
db.pragma('wal_autocheckpoint = ' + workerData.walAutocheckpoint);
const statements = new Map();
const prepare = (sql) => {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= 500) statements.clear();
    statements.set(sql, (statement = db.prepare(sql)));
  }
  return statement;
};
const missingTable = (error) => typeof error?.message === 'string' && error.message.startsWith('no such table');
const value = (sql, params) => {
  try {
    return prepare(sql).pluck().get(...params) ?? null;
  } catch (error) {
    if (missingTable(error)) return null;
    throw error;
  }
};
let failed = null;
parentPort.on('message', (step) => {
  if (step === 'close') {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    parentPort.close();
    return;
  }
  if (failed) return parentPort.postMessage(failed);
  try {
    if (step === 'rollback') {
      if (db.inTransaction) db.exec('ROLLBACK');
      return parentPort.postMessage({});
    }
    if (!db.inTransaction) db.exec('BEGIN IMMEDIATE');
    for (const [sql, params, expected] of step.expect) {
      if (value(sql, params) !== expected) throw Object.assign(new Error('changed before commit: ' + sql), { conflict: true });
    }
    const packed = new Array(step.lengths.length);
    for (let index = 0, at = 0; index < packed.length; at += step.lengths[index], index += 1) {
      packed[index] = step.text.substring(at, at + step.lengths[index]);
    }
    for (const [sql, params, start, count] of step.run) prepare(sql).run(params ?? packed.slice(start, start + count));
    const found = step.find ? prepare(step.find[0]).pluck().all(...step.find[1]) : undefined;
    if (step.commit) db.exec('COMMIT');
    parentPort.postMessage({ found });
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    failed = { error: String(error?.message ?? error), code: error?.code, conflict: error?.conflict === true };
    parentPort.postMessage(failed);
  }
});
`;

interface Answer {
  found?: string[];
  error?: string;
  code?: string;
  conflict?: boolean;
}

export interface WriterThreadOptions {
  file: string;
  busyTimeoutMs: number;
  walAutocheckpoint: number;
}

/**
 * A connection to the read store's file on its own thread: it commits while the caller goes on
 * with the next transaction's work. Steps are answered in the order they were sent.
 */
export class WriterThread {
  private readonly worker: Worker;
  private readonly waiting: Array<{ resolve: (answer: Answer) => void; reject: (error: Error) => void }> = [];
  private broken: Error | null = null;

  constructor(options: WriterThreadOptions) {
    this.worker = new Worker(THREAD, {
      eval: true,
      workerData: { ...options, from: driverBase() },
      // It keeps one step at a time: a small heap makes it collect the steps' strings early (peak RSS).
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
    });
    this.worker.on('message', (answer: Answer) => this.waiting.shift()?.resolve(answer));
    const fail = (error: Error) => {
      this.broken = error;
      for (const waiter of this.waiting.splice(0)) waiter.reject(error);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('The read store writer thread has stopped')));
  }

  /** Sends a step; resolves with what it found once it ran (committed, when it commits). */
  async step(step: WriterStep | 'rollback'): Promise<string[] | undefined> {
    const answer = await this.send(step);
    if (answer.error === undefined) return answer.found;
    if (answer.conflict) throw new WriteConflict(answer.error);
    throw Object.assign(new Error(answer.error), { code: answer.code });
  }

  close(): Promise<void> {
    if (this.broken) return Promise.resolve();
    return new Promise((resolve) => {
      this.worker.once('exit', () => resolve());
      this.worker.postMessage('close');
    });
  }

  private send(step: WriterStep | 'rollback'): Promise<Answer> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(step);
    });
  }
}

/**
 * Where the thread resolves better-sqlite3 from: beside the running script (a bundle's
 * `require.resolve` gives a module number, not a path).
 */
function driverBase(): string {
  return resolve(process.argv[1] ?? join(process.cwd(), 'main.js'));
}
