import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProjectionRunner } from '@app/projections';
import type { SiteEngines } from './infrastructure/site-engines';

const STORE_TIMEOUT_MS = 2_000;

/**
 * A projector's own health check (it has no public port): GET /health on HEALTH_PORT answers 200
 * while its runner keeps its leases (its heartbeats, which renew the leases held and take free
 * ones, succeed: a standby holding none is healthy) and its stores answer, 503 otherwise, with
 * the leases held and the reason. Anything else is a 404.
 */
export async function serveProjectorHealth(port: number, runner: ProjectionRunner, engines: SiteEngines): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || (path !== '/health' && path !== '/')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'not found' }));
      return;
    }
    void projectorHealth(runner, engines).then(({ healthy, body }) => {
      response.writeHead(healthy ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve());
  });
  return server;
}

export function healthPortOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

async function projectorHealth(runner: ProjectionRunner, engines: SiteEngines) {
  const leases = runner.leaseHealth();
  const problems: string[] = [];
  if (!leases.healthy) problems.push('its lease heartbeats do not succeed');
  const [eventStore, readStore] = await Promise.all([
    answers(() => engines.eventStore.headPosition()),
    answers(() => engines.readStore.getCheckpoint('home')),
  ]);
  if (!eventStore) problems.push('its event store does not answer');
  if (!readStore) problems.push('its read store does not answer');
  return {
    healthy: problems.length === 0,
    body: {
      status: problems.length === 0 ? 'ok' : 'down',
      reason: problems.length === 0 ? null : `The projector is down: ${problems.join('; ')}.`,
      leasesHeld: leases.held,
      leasesRenewedAt: leases.renewedAt?.toISOString() ?? null,
    },
  };
}

async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), STORE_TIMEOUT_MS)));
  try {
    return await Promise.race([probe().then(() => true as const), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
