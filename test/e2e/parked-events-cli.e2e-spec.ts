import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEventStore } from '@app/event-store';
import { runCli } from '../support/run-cli';

const metadata = () => ({ actor: 'test', occurredAt: new Date().toISOString() });

describe('operator CLI: parked events', () => {
  let dataDir: string;
  let poisonPosition: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cli-parked-'));
    const eventStore = createEventStore({ dataDir });
    for (let index = 0; index < 5; index += 1) {
      await eventStore.appendToStream(`noise-${index}`, [{ type: 'SomethingHappened', data: { index }, metadata: metadata() }]);
    }
    // A post event no projection can read: the home projection throws on it.
    const { position } = await eventStore.appendToStream('article-999', [{ type: 'ArticleDrafted', data: null, metadata: metadata() }]);
    poisonPosition = position.toString();
    await eventStore.appendToStream('noise-after', [{ type: 'SomethingHappened', data: {}, metadata: metadata() }]);
    await eventStore.close();
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const homeRow = (stdout: string) => stdout.split('\n').find((line) => line.includes("'home'"));

  it('parks the event a rebuild cannot apply, goes on to the head, and lists it in the status with its error', () => {
    const rebuild = runCli(dataDir, ['projections', 'rebuild', 'home']);
    expect(rebuild.status).toBe(0);
    expect(rebuild.output).toMatch(/Rebuilt home/);

    const { status, stdout } = runCli(dataDir, ['projections', 'status']);
    expect(status).toBe(0);
    expect(homeRow(stdout)).toMatch(/│\s*0\s*│\s*1\s*│?\s*$/); // lag 0, 1 parked
    expect(stdout).toContain('Parked events');
    expect(stdout).toContain(`'${poisonPosition}'`);
    expect(stdout).toMatch(/ArticleDrafted/);
    expect(stdout).toMatch(/Cannot read properties of null/);
  });

  it('keeps it parked when a retry fails again, and refuses positions that hold nothing parked', () => {
    const retry = runCli(dataDir, ['projections', 'retry', 'home', poisonPosition]);
    expect(retry.status).toBe(1);
    expect(retry.stderr).toMatch(/Still failing, kept parked/);
    expect(homeRow(runCli(dataDir, ['projections', 'status']).stdout)).toMatch(/│\s*1\s*│?\s*$/);

    const unknown = runCli(dataDir, ['projections', 'skip', 'home', '1']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toMatch(/home has no parked event at position 1/);
    expect(runCli(dataDir, ['projections', 'skip', 'home', 'soon']).stderr).toMatch(/A position is a whole number/);
    expect(runCli(dataDir, ['projections', 'skip', 'nope', '1']).stderr).toMatch(/Unknown projection "nope"/);
  });

  it('resolves it with skip', () => {
    const skip = runCli(dataDir, ['projections', 'skip', 'home', poisonPosition]);
    expect(skip.status).toBe(0);
    expect(skip.stdout).toMatch(/Skipped the parked event/);
    const { stdout } = runCli(dataDir, ['projections', 'status']);
    expect(homeRow(stdout)).toMatch(/│\s*0\s*│\s*0\s*│?\s*$/);
    expect(stdout).not.toContain('Parked events');
  });
});
