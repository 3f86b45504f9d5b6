import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { Query, type QueryBus } from '@nestjs/cqrs';
import request from 'supertest';
import { securityHeaders } from '../http/security-headers';
import { createLogger } from '../infrastructure/logger';
import { SiteMetrics } from '../metrics/site-metrics';
import type { PublicRead } from './public-read-routes';
import { PublicReadRoute } from './public-reads';
import { answerPublicReadsFirst } from './public-reads-front';

/** A thing read: long enough to be compressed, and its id in the body. */
const thing = (id: string) => ({ id, text: 'x'.repeat(2000) });

class GetThing extends Query<ReturnType<typeof thing>> {
  constructor(readonly id: string) {
    super();
  }
}

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
  const read: PublicRead = {
    method: 'get',
    path: '/api/Thing/:id',
    readModels: [],
    maxEntries: 10,
    query: ({ id }) => (/^\d+$/.test(id) ? { key: id, query: new GetThing(id) } : null),
  };
  let executed = 0;
  const queryBus = {
    execute: ({ id }: GetThing) => {
      executed += 1;
      return options.failing ? Promise.reject(new Error('not found')) : Promise.resolve(thing(id));
    },
  } as unknown as QueryBus;
  const metrics = new SiteMetrics();
  const server: Server = createServer(express);
  answerPublicReadsFirst(server, {
    routes: [new PublicReadRoute(read, () => Promise.resolve('v1'), queryBus)],
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
    await request(server).get('/api/Thing/7').set('Authorization', 'Bearer token').expect(418);
    await request(server).post('/api/Thing/7').expect(418);
    await request(server).get('/api/Other/7').expect(418);
    await request(server).get('/api/Thing/not-a-number').expect(418);
    await request(server).get('/article/7').expect(418);
    const failed = site({ failing: true });
    const response = await request(failed.server).get('/api/Thing/7').expect(418);
    expect(response.headers['x-request-id']).toBeUndefined();
    expect(handedOver).toEqual([
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
});
