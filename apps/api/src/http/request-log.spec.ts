import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { createLogger, PinoNestLogger } from '../infrastructure/logger';
import { currentRequestId } from './request-id';
import { useRequestLog } from './request-log';

/** A pino destination that keeps every JSON line written to it, parsed. */
function captureLines() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

function siteWithLog() {
  const { lines, destination } = captureLines();
  const app = express();
  useRequestLog(app, createLogger('info', destination));
  app.get('/api/Thing/:id', (_request, response) => void response.json({ requestId: currentRequestId() }));
  app.get('/api/Broken', (_request, response) => void response.status(500).json({}));
  return { app, lines };
}

describe('request log', () => {
  it('logs each request once as one JSON line: method, route pattern, status, duration, request id', async () => {
    const { app, lines } = siteWithLog();
    const response = await request(app).get('/api/Thing/42?searchString=secret').expect(200);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body).toEqual({ requestId });
    expect(lines).toEqual([
      {
        level: 'info',
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        pid: process.pid,
        msg: 'request',
        requestId,
        method: 'GET',
        route: '/api/Thing/:id',
        status: 200,
        durationMs: expect.any(Number),
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('keeps a valid incoming X-Request-Id and replaces one that is not', async () => {
    const { app, lines } = siteWithLog();
    const kept = await request(app).get('/api/Thing/1').set('X-Request-Id', 'trace-1234.abc:9').expect(200);
    expect(kept.headers['x-request-id']).toBe('trace-1234.abc:9');
    expect(kept.body).toEqual({ requestId: 'trace-1234.abc:9' });
    const replaced = await request(app).get('/api/Thing/1').set('X-Request-Id', 'bad id {"level":"fatal"}').expect(200);
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await request(app).get('/api/Thing/1').set('X-Request-Id', 'a'.repeat(129)).expect(200);
    expect(tooLong.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.map((line) => line.requestId)).toEqual([
      'trace-1234.abc:9',
      replaced.headers['x-request-id'],
      tooLong.headers['x-request-id'],
    ]);
  });

  it('puts the request id on every line logged while the request is handled', async () => {
    const { lines, destination } = captureLines();
    const logger = createLogger('info', destination);
    const app = express();
    useRequestLog(app, logger);
    app.get('/api/Work', (_request, response) => {
      new PinoNestLogger(logger).warn('slow work', 'Work');
      response.json({});
    });
    await request(app).get('/api/Work').set('X-Request-Id', 'work-1').expect(200);
    expect(lines.map(({ msg, requestId, context }) => ({ msg, requestId, context }))).toEqual([
      { msg: 'slow work', requestId: 'work-1', context: 'Work' },
      { msg: 'request', requestId: 'work-1', context: undefined },
    ]);
    new PinoNestLogger(logger).log('outside any request', 'Site');
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(lines[2]).not.toHaveProperty('requestId');
  });

  it('logs server errors at error level and unrouted paths without their path', async () => {
    const { app, lines } = siteWithLog();
    await request(app).get('/api/Broken').expect(500);
    await request(app).get('/api/Nope/jane@example.com').expect(404);
    expect(lines.map(({ level, route, status }) => [level, route, status])).toEqual([
      ['error', '/api/Broken', 500],
      ['info', '(unmatched api)', 404],
    ]);
  });
});

describe('Nest logger through pino', () => {
  it('writes Nest log calls as JSON lines with their context, and errors with their stack', () => {
    const { lines, destination } = captureLines();
    const logger = new PinoNestLogger(createLogger('debug', destination));
    logger.log('Listening on http://localhost:3000', 'Site');
    logger.error('Projection home failed', 'Error: boom\n    at apply (home.ts:1:1)', 'Projections');
    logger.verbose('not written at debug', 'Site');
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      expect(lines.map(({ level, msg, context, stack }) => ({ level, msg, context, stack }))).toEqual([
        { level: 'info', msg: 'Listening on http://localhost:3000', context: 'Site', stack: undefined },
        { level: 'error', msg: 'Projection home failed', context: 'Projections', stack: 'Error: boom\n    at apply (home.ts:1:1)' },
      ]);
    });
  });
});
