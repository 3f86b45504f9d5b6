import { loadavg } from 'node:os';
import type { Circus } from '@jest/types';
import { TestEnvironment } from 'jest-environment-node';

const SLOW_MS = 15_000;
const TICK_MS = 100;

/**
 * The node environment, plus a note on stderr when a hook or test has run for 15 s: which one, how
 * busy this process was meanwhile, how long its event loop was held at most (a synchronous wait
 * blocks it; an await does not), and what it is waiting on. Rare timeouts of a `beforeAll` under a full run's load name
 * their cause this way instead of only their hook.
 */
export default class WatchedEnvironment extends TestEnvironment {
  private watch: NodeJS.Timeout | undefined;
  private ticks: NodeJS.Timeout | undefined;
  private heldMs = 0;

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
    this.heldMs = 0;
    this.ticks = setInterval(() => {
      const now = Date.now();
      this.heldMs = Math.max(this.heldMs, now - lastTick - TICK_MS);
      lastTick = now;
    }, TICK_MS).unref();
    this.watch = setTimeout(() => {
      const waitingOn = Object.entries(
        process
          .getActiveResourcesInfo()
          .reduce<Record<string, number>>((counts, kind) => ({ ...counts, [kind]: (counts[kind] ?? 0) + 1 }), {}),
      )
        .map(([kind, count]) => `${kind} ${count}`)
        .join(', ');
      const cpu = process.cpuUsage(cpuAtStart);
      const busy = Math.round((cpu.user + cpu.system) / 10 / (Date.now() - started));
      process.stderr.write(
        `[slow] ${what} has run ${Math.round((Date.now() - started) / 1000)} s; this process busy ${busy}% of it; event loop held at most ${this.heldMs} ms at once; ` +
          `waiting on: ${waitingOn}; load average ${loadavg()
            .map((load) => load.toFixed(1))
            .join(' ')}\n`,
      );
    }, SLOW_MS);
    this.watch.unref();
  }

  private stop(): void {
    clearTimeout(this.watch);
    clearInterval(this.ticks);
    this.watch = this.ticks = undefined;
  }
}
