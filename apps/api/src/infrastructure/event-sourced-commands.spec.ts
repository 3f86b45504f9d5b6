import type { ServerResponse } from 'node:http';
import type { EventStore } from '@app/event-store';
import type { ProjectionRunner, ReadModelName } from '@app/projections';
import { READ_YOUR_WRITES_HEADER } from '../http/read-your-writes';
import { withRequestId } from '../http/request-id';
import { SiteMetrics } from '../metrics/site-metrics';
import { EventSourcedCommands } from './event-sourced-commands';

/** A response as far as settle touches it. */
function fakeResponse(): ServerResponse & { headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  return {
    headers,
    headersSent: false,
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    getHeader: (name: string) => headers[name.toLowerCase()],
  } as unknown as ServerResponse & { headers: Record<string, string> };
}

describe('EventSourcedCommands.settle (read-your-writes)', () => {
  const setUp = (lagging: ReadModelName[]) => {
    const runner = { lagging: jest.fn(async () => lagging) };
    const metrics = new SiteMetrics();
    const commands = new EventSourcedCommands({} as EventStore, runner as unknown as ProjectionRunner, metrics, () => new Date(), {
      moderation: 'post',
    });
    return { runner, metrics, commands };
  };
  const staleCount = async (metrics: SiteMetrics) =>
    (await metrics.registry.getSingleMetricAsString('devcommunity_read_your_writes_stale_total'))
      .split('\n')
      .filter((line) => !line.startsWith('#'));

  it('says nothing when the read models caught up', async () => {
    const { runner, metrics, commands } = setUp([]);
    const response = fakeResponse();
    await withRequestId('r1', () => commands.settle(7n, ['home', 'search']), response);
    expect(runner.lagging).toHaveBeenCalledWith(7n, ['home', 'search'], 2_000);
    expect(response.headers).toEqual({});
    expect(await staleCount(metrics)).toEqual([]);
  });

  it('marks the answer stale, naming the lagging read models, and counts each', async () => {
    const { metrics, commands } = setUp(['search', 'home']);
    const response = fakeResponse();
    await withRequestId('r2', () => commands.settle(7n, ['home', 'post-view', 'search']), response);
    expect(response.headers[READ_YOUR_WRITES_HEADER.toLowerCase()]).toBe('stale; lagging=search,home');
    expect(await staleCount(metrics)).toEqual([
      'devcommunity_read_your_writes_stale_total{read_model="search"} 1',
      'devcommunity_read_your_writes_stale_total{read_model="home"} 1',
    ]);
  });

  it('waits for nothing when nothing was appended, and outside a request only counts', async () => {
    const { runner, metrics, commands } = setUp(['likes']);
    await commands.settle(null, ['likes']);
    expect(runner.lagging).not.toHaveBeenCalled();
    await commands.settle(3n, ['likes']);
    expect(await staleCount(metrics)).toEqual(['devcommunity_read_your_writes_stale_total{read_model="likes"} 1']);
  });

  it('types read-model names: a misspelt one does not compile', () => {
    const { commands } = setUp([]);
    // @ts-expect-error 'post-views' is not a read model
    const misspelt = () => commands.settle(null, ['post-views']);
    expect(misspelt).toBeDefined();
  });
});

describe('EventSourcedCommands.execute (the ambient facts, settling)', () => {
  type Noted = { type: 'Noted'; data: { now: Date; moderation: string } };
  type Note = { type: 'Note'; now: Date; moderation: 'post' | 'pre' };
  const decider = {
    initialState: null,
    evolve: () => null,
    decide: ({ now, moderation }: Note): Noted[] => [{ type: 'Noted', data: { now, moderation } }],
  };
  const at = new Date('2026-03-01T10:00:00Z');
  const setUp = () => {
    const eventStore = { readStream: jest.fn(async () => []), appendToStream: jest.fn(async () => ({ position: 5n })) };
    const runner = { lagging: jest.fn(async () => []) };
    const commands = new EventSourcedCommands(
      eventStore as unknown as EventStore,
      runner as unknown as ProjectionRunner,
      new SiteMetrics(),
      () => at,
      { moderation: 'pre' },
    );
    return { runner, commands };
  };

  it("fills in the command's time from the clock and the site's moderation mode", async () => {
    const { commands } = setUp();
    const { events } = await commands.execute('note-1', decider, { type: 'Note' }, { actor: 'a1' });
    expect(events).toEqual([{ type: 'Noted', data: { now: at, moderation: 'pre' } }]);
  });

  it('keeps a time the handler gives', async () => {
    const { commands } = setUp();
    const earlier = new Date('2026-01-01T00:00:00Z');
    const { events } = await commands.execute('note-1', decider, { type: 'Note', now: earlier }, { actor: 'a1' });
    expect(events[0].data.now).toBe(earlier);
  });

  it('waits for the read models named in `settle`, and only then', async () => {
    const { runner, commands } = setUp();
    await commands.execute('note-1', decider, { type: 'Note' }, { actor: 'a1' });
    expect(runner.lagging).not.toHaveBeenCalled();
    await commands.execute('note-1', decider, { type: 'Note' }, { actor: 'a1', settle: ['home'] });
    expect(runner.lagging).toHaveBeenCalledWith(5n, ['home'], 2_000);
  });
});
