import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import request from 'supertest';
import type { CurrentSession } from '../auth/sessions';
import type { SessionUser } from '../auth/session-user';
import { securityHeaders } from '../http/security-headers';
import { createLogger } from '../infrastructure/logger';
import { SiteMetrics } from '../metrics/site-metrics';
import { answerReadsFirst } from '../public-reads/public-reads-front';
import { keysetPageAndReader } from './reader-read.decorator';
import { ReaderReadRoute, type DeclaredReaderRead } from './reader-reads';

/** Sessions by token: `renew` is due for renewal (Nest answers it, with the fresh token). */
const SESSIONS: Record<string, CurrentSession> = Object.fromEntries(
  ['ada', 'bob', 'renew'].map((name) => [
    `Bearer ${name}`,
    {
      user: { accountId: name, userName: name, name, roleId: 1, credential: { kind: 'session' as const, sessionId: `session-of-${name}` } },
      token: { accountId: name, credentialVersion: 1, rememberMe: false, startedAt: 0, renewable: name === 'renew' },
    },
  ]),
);

function site(options: { failing?: boolean } = {}) {
  const handedOver: string[] = [];
  const express = (incoming: IncomingMessage, response: ServerResponse) => {
    handedOver.push(`${incoming.method} ${incoming.url} ${incoming.headers.authorization ?? ''}`.trim());
    response.statusCode = 418;
    response.end('express');
  };
  const calls: unknown[][] = [];
  let version = 'v1';
  const seen: string[] = [];
  const read: DeclaredReaderRead = {
    method: 'get',
    path: '/api/Inbox',
    options: { args: keysetPageAndReader, readModels: [{ collection: 'inbox' }], maxEntries: 10 },
    call: (args) => {
      calls.push(args);
      const [page, reader] = args as [{ pageSize: number }, SessionUser];
      return options.failing
        ? Promise.reject(new Error('read failed'))
        : Promise.resolve({ of: reader.userName, pageSize: page.pageSize, version });
    },
  };
  const metrics = new SiteMetrics();
  const server: Server = createServer(express);
  answerReadsFirst(server, {
    routes: [
      new ReaderReadRoute(read, {
        versions: { of: () => Promise.resolve(version) },
        sessions: { of: async (authorization) => SESSIONS[authorization ?? ''] ?? null },
        activity: { seen: (id) => seen.push(id) },
        get: () => {
          throw new Error('not used');
        },
        metrics,
      }),
    ],
    headers: securityHeaders({ publicUrl: 'http://localhost', corsOrigins: [] }),
    logger: createLogger('silent'),
    metrics,
  });
  return { server, handedOver, calls, seen, metrics, changeVersion: (to: string) => (version = to) };
}

describe("a reader's own reads in front of Express", () => {
  it('answers each reader their own result, privately, from a cache kept per reader and version of what it reads', async () => {
    const { server, handedOver, calls, seen, metrics, changeVersion } = site();
    const ada = await request(server).get('/api/inbox?pageSize=5').set('Authorization', 'Bearer ada').expect(200);
    const bob = await request(server).get('/api/Inbox').set('Authorization', 'Bearer bob').expect(200);
    expect(ada.body).toEqual({
      success: true,
      result: { of: 'ada', pageSize: 5, version: 'v1' },
      errorMessage: null,
      timeStamp: expect.any(String),
    });
    expect(bob.body.result).toEqual({ of: 'bob', pageSize: 20, version: 'v1' });
    expect(ada.headers).toMatchObject({
      'cache-control': 'private, no-store',
      vary: 'Authorization, Accept-Encoding',
      etag: expect.any(String),
    });
    expect(ada.headers['x-content-type-options']).toBe('nosniff');
    await request(server).get('/api/inbox?pageSize=5').set('Authorization', 'Bearer ada').expect(200);
    expect(calls).toHaveLength(2);
    expect(calls[0][0]).toEqual({ lastFetchedId: null, pageSize: 5 });
    expect(seen).toEqual(['session-of-ada', 'session-of-bob', 'session-of-ada']);

    changeVersion('v2');
    const again = await request(server).get('/api/inbox?pageSize=5').set('Authorization', 'Bearer ada').expect(200);
    expect(again.body.result).toEqual({ of: 'ada', pageSize: 5, version: 'v2' });
    expect(calls).toHaveLength(3);
    expect(handedOver).toEqual([]);
    expect(await metrics.registry.metrics()).toMatch(/devcommunity_public_read_cache_total\{route="\/api\/Inbox",outcome="hit"\} 1/);
  });

  it('hands to Nest what it would answer otherwise: no session, a bad one, one due for renewal, a query it refuses or reads as a list', async () => {
    const { server, handedOver, calls } = site();
    await request(server).get('/api/Inbox').expect(418);
    await request(server).get('/api/Inbox').set('Authorization', 'Bearer nobody').expect(418);
    await request(server).get('/api/Inbox').set('Authorization', 'Bearer renew').expect(418);
    await request(server).get('/api/Inbox?pageSize=many').set('Authorization', 'Bearer ada').expect(418);
    await request(server).get('/api/Inbox?pageSize=5&pageSize=6').set('Authorization', 'Bearer ada').expect(418);
    await request(server).get('/api/Inbox?__proto__=1').set('Authorization', 'Bearer ada').expect(200);
    expect(handedOver).toEqual([
      'GET /api/Inbox',
      'GET /api/Inbox Bearer nobody',
      'GET /api/Inbox Bearer renew',
      'GET /api/Inbox?pageSize=many Bearer ada',
      'GET /api/Inbox?pageSize=5&pageSize=6 Bearer ada',
    ]);
    expect(calls).toHaveLength(1);
  });

  it('hands a failed read to Nest, which answers with its error', async () => {
    const { server, handedOver } = site({ failing: true });
    await request(server).get('/api/Inbox').set('Authorization', 'Bearer ada').expect(418);
    expect(handedOver).toEqual(['GET /api/Inbox Bearer ada']);
  });
});
