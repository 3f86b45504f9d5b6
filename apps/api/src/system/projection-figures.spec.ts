import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore, type EventStore } from '@app/event-store';
import type { ParkedEvent, ProjectionFailure, ProjectionStatus, ProjectionTarget } from '@app/projections';
import { gatherProjectionFigures } from './projection-figures';

describe('gatherProjectionFigures', () => {
  let dir: string;
  let eventStore: EventStore;
  const positions: bigint[] = [];
  const recordedAt: Date[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'figures-'));
    eventStore = new SqliteEventStore(join(dir, 'events.sqlite'));
    for (let index = 0; index < 7; index += 1) {
      const { position } = await eventStore.appendToStream(`thing-${index}`, [
        { type: 'ThingHappened', data: { index }, metadata: { actor: 'test', occurredAt: new Date().toISOString() } },
      ]);
      positions.push(position);
    }
    recordedAt.push(...(await eventStore.readAll()).map((event) => event.recordedAt));
  });
  afterAll(async () => {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const target = (name: string, checkpoint: bigint | null) => ({ name, checkpoint: () => Promise.resolve(checkpoint) }) as ProjectionTarget;
  const status = (name: string, state: ProjectionStatus['state'], lastError?: string): ProjectionStatus => ({
    name,
    version: 1,
    checkpoint: null,
    state,
    lastError,
    ...(state === 'failing' ? { failureCategory: 'outage', failingSince: new Date('2026-03-01T10:00:00.000Z') } : {}),
    parked: 0,
  });
  const parkedIn = (projection: string, position: bigint) =>
    ({ id: `${projection}@${position}`, projection, checkpoint: projection, position: position.toString() }) as ParkedEvent;

  it('counts the events after each checkpoint, the age of the oldest of them and the parked events, and names the state', async () => {
    const now = new Date(recordedAt[2].getTime() + 90_000);
    const figures = await gatherProjectionFigures(
      eventStore,
      [target('caught-up', positions[6]), target('new', null), target('behind', positions[1]), target('broken', positions[4])],
      [status('caught-up', 'live'), status('new', 'catching-up'), status('behind', 'live'), status('broken', 'failing', 'boom')],
      [parkedIn('caught-up', positions[2]), parkedIn('caught-up', positions[3]), parkedIn('broken', positions[1])],
      [],
      now,
    );
    expect(figures).toEqual([
      {
        name: 'caught-up',
        state: 'running',
        position: positions[6].toString(),
        lagEvents: 0,
        lagSeconds: 0,
        lastError: null,
        failureCategory: null,
        failingSince: null,
        parkedEvents: 2,
      },
      {
        name: 'new',
        state: 'behind',
        position: null,
        lagEvents: 7,
        lagSeconds: (now.getTime() - recordedAt[0].getTime()) / 1000,
        lastError: null,
        failureCategory: null,
        failingSince: null,
        parkedEvents: 0,
      },
      {
        name: 'behind',
        state: 'behind',
        position: positions[1].toString(),
        lagEvents: 5,
        lagSeconds: 90,
        lastError: null,
        failureCategory: null,
        failingSince: null,
        parkedEvents: 0,
      },
      {
        name: 'broken',
        state: 'failing',
        position: positions[4].toString(),
        lagEvents: 2,
        lagSeconds: (now.getTime() - recordedAt[5].getTime()) / 1000,
        lastError: 'boom',
        failureCategory: 'outage',
        failingSince: '2026-03-01T10:00:00.000Z',
        parkedEvents: 1,
      },
    ]);
  });

  it('reports a rebuild as rebuilding, and a projection no process here runs as stopped when it lags', async () => {
    const figures = await gatherProjectionFigures(
      eventStore,
      [target('rebuilt', positions[0]), target('elsewhere', positions[3]), target('elsewhere-done', positions[6])],
      [status('rebuilt', 'rebuilding'), status('elsewhere', 'stopped'), status('elsewhere-done', 'stopped')],
      [],
      [],
      new Date(),
    );
    expect(figures.map((figure) => figure.state)).toEqual(['rebuilding', 'stopped', 'running']);
  });

  it('reports a lagging projection that a projector holds the lease of as behind, not stopped', async () => {
    const figures = await gatherProjectionFigures(
      eventStore,
      [target('leased', positions[3]), target('orphan', positions[3])],
      [status('leased', 'stopped'), status('orphan', 'stopped')],
      [],
      [],
      new Date(),
      new Set(['leased']),
    );
    expect(figures.map((figure) => figure.state)).toEqual(['behind', 'stopped']);
  });

  it('shows as failing a projection another process runs and recorded failing, with its error, category and since when', async () => {
    const recorded: ProjectionFailure = {
      id: 'elsewhere',
      category: 'outage',
      error: 'key store unavailable',
      since: '2026-03-01T10:00:00.000Z',
      lastTriedAt: '2026-03-01T10:05:00.000Z',
      checkpoint: positions[3].toString(),
    };
    const stale = { ...recorded, id: 'here' };
    const figures = await gatherProjectionFigures(
      eventStore,
      [target('elsewhere', positions[3]), target('here', positions[6])],
      [status('elsewhere', 'stopped'), status('here', 'live')],
      [],
      // A record of a projection this process runs live is one it left behind: its own state wins.
      [recorded, stale],
      new Date(),
    );
    expect(
      figures.map(({ name, state, lastError, failureCategory, failingSince }) => ({
        name,
        state,
        lastError,
        failureCategory,
        failingSince,
      })),
    ).toEqual([
      {
        name: 'elsewhere',
        state: 'failing',
        lastError: 'key store unavailable',
        failureCategory: 'outage',
        failingSince: '2026-03-01T10:00:00.000Z',
      },
      { name: 'here', state: 'running', lastError: null, failureCategory: null, failingSince: null },
    ]);
  });
});
