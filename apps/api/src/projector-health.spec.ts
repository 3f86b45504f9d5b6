import type { Server } from 'node:http';
import type { ProjectionRunner } from '@app/projections';
import type { SiteEngines } from './infrastructure/site-engines';
import { healthPortOf, serveProjectorHealth } from './projector-health';

type LeaseHealth = ReturnType<ProjectionRunner['leaseHealth']>;

describe("a projector's health check (HEALTH_PORT)", () => {
  let server: Server | undefined;
  afterEach(() => server?.close());

  async function probe(leases: LeaseHealth, stores: { eventStore?: () => Promise<unknown>; readStore?: () => Promise<unknown> } = {}) {
    const runner = { leaseHealth: () => leases } as unknown as ProjectionRunner;
    const engines = {
      eventStore: { headPosition: stores.eventStore ?? (async () => 7n) },
      readStore: { getCheckpoint: stores.readStore ?? (async () => 7n) },
    } as unknown as SiteEngines;
    server = await serveProjectorHealth(0, runner, engines);
    const response = await fetch(`http://127.0.0.1:${healthPortOf(server)}/health`);
    return { status: response.status, body: (await response.json()) as { status: string; reason: string | null; leasesHeld: string[] } };
  }

  const renewed = { healthy: true, held: ['home', 'search'], renewedAt: new Date() };

  it('answers 200 with the leases it holds while its heartbeats renew them and its stores answer', async () => {
    expect(await probe(renewed)).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'ok', reason: null, leasesHeld: ['home', 'search'] }),
    });
  });

  it('answers 200 as a standby holding no lease', async () => {
    expect((await probe({ healthy: true, held: [], renewedAt: new Date() })).status).toBe(200);
  });

  it('answers 503 once its lease heartbeats fail', async () => {
    const { status, body } = await probe({ healthy: false, held: ['home'], renewedAt: new Date(0) });
    expect(status).toBe(503);
    expect(body.reason).toMatch(/lease heartbeats/);
  });

  it('answers 503 when a store does not answer', async () => {
    const { status, body } = await probe(renewed, {
      readStore: () => Promise.reject(new Error('SQLITE_BUSY')),
      eventStore: () => new Promise(() => {}), // hangs: the probe gives up after its timeout
    });
    expect(status).toBe(503);
    expect(body.reason).toMatch(/event store does not answer; its read store does not answer/);
  });
});
