import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import { securityHeaders } from '../http/security-headers';
import { createLogger } from '../infrastructure/logger';
import { SiteMetrics } from '../metrics/site-metrics';
import type { CurrentSession } from '../auth/sessions';
import { PublicReadRoute, type DeclaredRead } from './public-reads';
import { answerReadsFirst } from './public-reads-front';

/** A thing read: long enough to be compressed, and its id in the body. */
const thing = (id: string) => ({ id, text: 'x'.repeat(2000), isLikedByMe: false });

/** Sessions by token: `ada` likes thing 7, `owner` is the author (Nest answers for them), `renew` is due for renewal. */
const SESSIONS: Record<string, CurrentSession> = Object.fromEntries(
  ['ada', 'bob', 'owner', 'renew'].map((name) => [
    `Bearer ${name}`,
    {
      user: { accountId: name, userName: name, name, roleId: 1, credential: { kind: 'session' as const, sessionId: null } },
      token: { accountId: name, credentialVersion: 1, rememberMe: false, startedAt: 0, renewable: name === 'renew' },
    },
  ]),
);

function site(options: { corsOrigins?: string[]; failing?: boolean } = {}) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Record<string, unknown>);
      done();
    },
  });
  const handedOver: string[] = [];
  const express = (incoming: IncomingMessage, response: ServerResponse) => {
    handedOver.push(`${incoming.method} ${incoming.url}`);
    response.statusCode = 418;
    response.end('express');
  };
  let executed = 0;
  const read: DeclaredRead = {
    method: 'get',
    path: '/api/Thing/:id',
    options: {
      anonymous: ({ id }) => (/^\d+$/.test(id) ? [id] : null),
      readModels: () => [],
      maxEntries: 10,
      forReader: async ({ reader, args: [id] }) =>
        reader.userName === 'owner' ? null : { isLikedByMe: reader.userName === 'ada' && id === '7' },
    },
    call: ([id]) => {
      executed += 1;
      return options.failing ? Promise.reject(new Error('not found')) : Promise.resolve(thing(id as string));
    },
  };
  const metrics = new SiteMetrics();
  const server: Server = createServer(express);
  answerReadsFirst(server, {
    routes: [
      new PublicReadRoute(read, {
        versions: { of: () => Promise.resolve('v1') },
        sessions: { of: async (authorization) => SESSIONS[authorization ?? ''] ?? null },
        get: () => {
          throw new Error('not used');
        },
        metrics,
      }),
    ],
    headers: securityHeaders({ publicUrl: 'http://localhost', corsOrigins: options.corsOrigins ?? [] }),
    logger: createLogger('info', destination),
    metrics,
  });
  return { server, lines, handedOver, metrics, executed: () => executed };
}

describe('the public reads in front of Express', () => {
  it('answers an anonymous GET from the cache with the envelope, validators, security headers, log line and metric', async () => {
    const { server, lines, handedOver, metrics, executed } = site();
    const response = await request(server).get('/api/thing/7/?ignored=1').set('Accept-Encoding', 'identity').expect(200);
    expect(response.body).toEqual({ success: true, result: thing('7'), errorMessage: null, timeStamp: expect.any(String) });
    expect(response.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'public, max-age=0, must-revalidate',
      etag: expect.stringMatching(/^W\/"[\w-]+"$/),
      vary: 'Authorization, Accept-Encoding',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'x-request-id': expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    await request(server).get('/api/Thing/7').expect(200);
    expect(executed()).toBe(1);
    expect(handedOver).toEqual([]);
    expect(lines.map(({ route, status, requestId }) => ({ route, status, requestId }))).toEqual([
      { route: '/api/Thing/:id', status: 200, requestId: response.headers['x-request-id'] },
      { route: '/api/Thing/:id', status: 200, requestId: expect.any(String) },
    ]);
    expect(await metrics.registry.metrics()).toMatch(/http_requests_total\{method="GET",route="\/api\/Thing\/:id",status="200"\} 2/);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const { server } = site();
    const { headers } = await request(server).get('/api/Thing/7').expect(200);
    const notModified = await request(server).get('/api/Thing/7').set('If-None-Match', headers['etag']).expect(304);
    expect(notModified.text).toBe('');
    expect(notModified.headers['etag']).toBe(headers['etag']);
  });

  it.each(['br', 'gzip'])('compresses for a client that accepts %s', async (encoding) => {
    const { server } = site();
    const response = await request(server).get('/api/Thing/7').set('Accept-Encoding', encoding).expect(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.body.result).toEqual(thing('7'));
  });

  it('answers a GET with an Idempotency-Key like one without (reads take no key)', async () => {
    const { server, handedOver } = site();
    const response = await request(server).get('/api/Thing/7').set('Idempotency-Key', 'key-1').expect(200);
    expect(response.body.result).toEqual(thing('7'));
    expect(handedOver).toEqual([]);
  });

  it('sets CORS headers for a listed origin, as the rest of the site does', async () => {
    const { server } = site({ corsOrigins: ['https://other.example'] });
    const response = await request(server).get('/api/Thing/7').set('Origin', 'https://other.example').expect(200);
    expect(response.headers['access-control-allow-origin']).toBe('https://other.example');
    expect(response.headers['vary']).toMatch(/Origin/);
  });

  it('hands everything else to Express untouched: a session, other methods and paths, bad parameters, a failed read', async () => {
    const { server, handedOver, lines } = site();
    await request(server).get('/api/Thing/7').set('Authorization', 'Bearer not-a-session').expect(418);
    await request(server).get('/api/Thing/7').set('Authorization', 'Bearer owner').expect(418);
    await request(server).get('/api/Thing/7').set('Authorization', 'Bearer renew').expect(418);
    await request(server).post('/api/Thing/7').expect(418);
    await request(server).get('/api/Other/7').expect(418);
    await request(server).get('/api/Thing/not-a-number').expect(418);
    await request(server).get('/article/7').expect(418);
    const failed = site({ failing: true });
    const response = await request(failed.server).get('/api/Thing/7').expect(418);
    expect(response.headers['x-request-id']).toBeUndefined();
    expect(handedOver).toEqual([
      'GET /api/Thing/7',
      'GET /api/Thing/7',
      'GET /api/Thing/7',
      'POST /api/Thing/7',
      'GET /api/Other/7',
      'GET /api/Thing/not-a-number',
      'GET /article/7',
    ]);
    expect(failed.handedOver).toEqual(['GET /api/Thing/7']);
    expect(lines).toEqual([]);
    expect(failed.lines).toEqual([]);
  });

  it('answers a logged-in reader from the same cache with their own part merged, privately, and 304 on their tag', async () => {
    const { server, handedOver, executed, metrics } = site();
    const anonymous = await request(server).get('/api/Thing/7').expect(200);
    const ada = await request(server).get('/api/Thing/7').set('Authorization', 'Bearer ada').set('Accept-Encoding', 'identity').expect(200);
    const bob = await request(server).get('/api/Thing/7').set('Authorization', 'Bearer bob').expect(200);
    expect(ada.body.result).toEqual({ ...thing('7'), isLikedByMe: true });
    expect(Object.keys(ada.body.result)).toEqual(Object.keys(thing('7')));
    expect(bob.body.result).toEqual(thing('7'));
    expect(bob.headers['etag']).toBe(anonymous.headers['etag']);
    expect(ada.headers['etag']).not.toBe(anonymous.headers['etag']);
    expect(ada.headers).toMatchObject({ 'cache-control': 'private, no-cache', vary: 'Authorization, Accept-Encoding' });
    await request(server).get('/api/Thing/7').set('Authorization', 'Bearer ada').set('If-None-Match', ada.headers['etag']).expect(304);
    expect(executed()).toBe(1);
    expect(handedOver).toEqual([]);
    expect(await metrics.registry.metrics()).toMatch(/devcommunity_public_read_cache_total\{route="\/api\/Thing\/:id",outcome="hit"\} 3/);
  });
});
