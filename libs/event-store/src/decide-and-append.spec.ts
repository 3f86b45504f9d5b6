import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendEvents, decideAndAppend, type CommandContext, type StreamDecider } from './decide-and-append';
import { WrongExpectedRevisionError } from './event-store.port';
import { repeatableCommand } from './repeatable-command';
import { SqliteEventStore } from './sqlite/sqlite-event-store';

type Event = { type: 'Opened'; data: { name: string } } | { type: 'Noted'; data: { note: string } };
type Command = { type: 'Open'; name: string } | { type: 'Note'; note: string };

/** A stream that can be opened once and noted on any number of times. */
const decider: StreamDecider<{ open: boolean }, Command, Event> = {
  initialState: { open: false },
  evolve: (state, event) => (event.type === 'Opened' ? { open: true } : state),
  decide: (command, state) => {
    if (command.type === 'Open') {
      if (state.open) throw new Error('Already open');
      return [{ type: 'Opened', data: { name: command.name } }];
    }
    return [{ type: 'Noted', data: { note: command.note } }];
  },
};

describe('decideAndAppend', () => {
  let dir: string;
  let store: SqliteEventStore;
  const at = new Date('2026-03-01T10:00:00.000Z');
  const context = (extra: Partial<CommandContext> = {}): CommandContext => ({ actor: 'ada', clock: () => at, ...extra });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'decide-and-append-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stamps the handler's business time and the causation id, not the store's clock", async () => {
    await decideAndAppend(store, 's-1', decider, { type: 'Open', name: 'a' }, context({ causationId: 'request-1', correlationId: 'c-1' }));
    const [event] = await store.readStream('s-1');
    expect(event.metadata).toEqual({
      actor: 'ada',
      correlationId: 'c-1',
      causationId: 'request-1',
      occurredAt: at.toISOString(),
      schemaVersion: 1,
    });
  });

  it("a repeatable command's events carry ids derived from its seed and its id as causation", async () => {
    const command = repeatableCommand('seed-1');
    await decideAndAppend(store, 's-1', decider, { type: 'Open', name: 'a' }, context({ repeatable: command }));
    const [event] = await store.readStream('s-1');
    expect(event.id).toBe(repeatableCommand('seed-1').eventIdsFor('s-1')(0));
    expect(event.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(event.metadata.causationId).toBe(command.id);
  });

  it('a retried attempt after its first appended (answer lost) appends nothing and answers the first outcome', async () => {
    const first = await decideAndAppend(
      store,
      's-1',
      decider,
      { type: 'Open', name: 'a' },
      context({ repeatable: repeatableCommand('seed-1') }),
    );
    // The decider would refuse to open twice: the retry must not even ask it.
    const retry = await decideAndAppend(
      store,
      's-1',
      decider,
      { type: 'Open', name: 'a' },
      context({ repeatable: repeatableCommand('seed-1') }),
    );
    expect(retry).toEqual({ events: first.events, position: first.position, repeated: true });
    expect(await store.readStream('s-1')).toHaveLength(1);
  });

  it('tells appends of one command apart: its second note is a new event, a retry of both adds none', async () => {
    const note = async (command: ReturnType<typeof repeatableCommand>) => {
      await decideAndAppend(store, 's-1', decider, { type: 'Note', note: 'one' }, context({ repeatable: command }));
      await decideAndAppend(store, 's-1', decider, { type: 'Note', note: 'two' }, context({ repeatable: command }));
    };
    await note(repeatableCommand('seed-1'));
    await note(repeatableCommand('seed-1'));
    expect((await store.readStream('s-1')).map((event) => event.data)).toEqual([{ note: 'one' }, { note: 'two' }]);
    await note(repeatableCommand('seed-2'));
    expect(await store.readStream('s-1')).toHaveLength(4);
  });

  it('two attempts racing append once', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () =>
        decideAndAppend(store, 's-1', decider, { type: 'Note', note: 'once' }, context({ repeatable: repeatableCommand('seed-1') })),
      ),
    );
    expect(await store.readStream('s-1')).toHaveLength(1);
    expect(new Set(attempts.map((attempt) => attempt.position)).size).toBe(1);
  });

  describe('on a stream the caller just named (newStream)', () => {
    it('decides on the initial state and appends without reading the stream', async () => {
      const readStream = jest.spyOn(store, 'readStream');
      const outcome = await decideAndAppend(store, 's-new', decider, { type: 'Open', name: 'a' }, context(), { newStream: true });
      expect(readStream).not.toHaveBeenCalled();
      readStream.mockRestore();
      expect(outcome.events).toEqual([{ type: 'Opened', data: { name: 'a' } }]);
      expect((await store.readStream('s-new')).map((event) => event.revision)).toEqual([0]);
    });

    it('a stream that exists after all is decided on its facts', async () => {
      await decideAndAppend(store, 's-1', decider, { type: 'Open', name: 'a' }, context());
      await expect(decideAndAppend(store, 's-1', decider, { type: 'Open', name: 'b' }, context(), { newStream: true })).rejects.toThrow(
        'Already open',
      );
      await decideAndAppend(store, 's-1', decider, { type: 'Note', note: 'n' }, context(), { newStream: true });
      expect((await store.readStream('s-1')).map((event) => event.revision)).toEqual([0, 1]);
    });

    it("a retry of a repeatable command answers the first attempt's outcome", async () => {
      const open = () =>
        decideAndAppend(store, 's-1', decider, { type: 'Open', name: 'a' }, context({ repeatable: repeatableCommand('seed-1') }), {
          newStream: true,
        });
      const first = await open();
      await expect(open()).resolves.toEqual({ events: first.events, position: first.position, repeated: true });
      expect(await store.readStream('s-1')).toHaveLength(1);
    });
  });

  it('appendEvents: a repeated no_stream append of the same command answers its first position; another command is refused', async () => {
    const reserve = (seed: string) =>
      appendEvents(
        store,
        'name-ada',
        [{ type: 'Opened', data: { name: 'ada' } }],
        'no_stream',
        context({ repeatable: repeatableCommand(seed) }),
      );
    const position = await reserve('seed-1');
    await expect(reserve('seed-1')).resolves.toBe(position);
    await expect(reserve('seed-2')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});
