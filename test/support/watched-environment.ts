import { loadavg } from 'node:os';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

const SLOW_MS = 15_000;
const TICK_MS = 100;

/**
 * The node environment, plus a note on stderr when a hook or test has run for 15 s: which one, how
 * busy this process was meanwhile, how long its event loop was held at most (a synchronous wait
 * blocks it; an await does not), and what it is waiting on. A rare timeout of a `beforeAll` under a
 * full run's load names its cause this way, not only its hook.
 */
export default class WatchedEnvironment extends TestEnvironment {
  private watch: NodeJS.Timeout | undefined;
  private ticks: NodeJS.Timeout | undefined;

  async handleTestEvent(event: Circus.Event): Promise<void> {
    if (event.name === 'hook_start') this.start(`${event.hook.type} of '${event.hook.parent.name}'`);
    else if (event.name === 'test_fn_start') this.start(`'${event.test.name}'`);
    else if (['hook_success', 'hook_failure', 'test_fn_success', 'test_fn_failure', 'teardown'].includes(event.name)) this.stop();
  }

  override async teardown(): Promise<void> {
    this.stop();
    await super.teardown();
  }

  private start(what: string): void {
    this.stop();
    const started = Date.now();
    const cpuAtStart = process.cpuUsage();
    let lastTick = started;
    let heldMs = 0;
    this.ticks = setInterval(() => {
      heldMs = Math.max(heldMs, Date.now() - lastTick - TICK_MS);
      lastTick = Date.now();
    }, TICK_MS).unref();
    this.watch = setTimeout(() => {
      const elapsedMs = Date.now() - started;
      const cpu = process.cpuUsage(cpuAtStart);
      const busy = Math.round((cpu.user + cpu.system) / 10 / elapsedMs);
      const waiting = new Map<string, number>();
      for (const kind of process.getActiveResourcesInfo()) waiting.set(kind, (waiting.get(kind) ?? 0) + 1);
      const waitingOn = [...waiting].map(([kind, count]) => `${kind} ${count}`).join(', ');
      const load = loadavg().map((average) => average.toFixed(1));
      process.stderr.write(
        `[slow] ${what} has run ${Math.round(elapsedMs / 1000)} s; this process busy ${busy}% of it; ` +
          `event loop held at most ${heldMs} ms at once; waiting on: ${waitingOn}; load average ${load.join(' ')}\n`,
      );
    }, SLOW_MS).unref();
  }

  private stop(): void {
    clearTimeout(this.watch);
    clearInterval(this.ticks);
    this.watch = this.ticks = undefined;
  }
}
