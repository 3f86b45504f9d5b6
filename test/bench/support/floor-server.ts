/**
 * The floor the site's reads are compared with: a bare express app or a node:http server, in its own
 * process, answering each captured request with the very bytes (and content type) the site sent.
 * Usage: floor-server.ts <express|http> <captured.json>; prints `listening <port>` once ready.
 */
import express from 'express';
import { readFileSync } from 'node:fs';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CapturedResponse {
  method: string;
  path: string;
  contentType: string;
  /** base64 */
  body: string;
}

function main(): void {
  const [kind, file] = process.argv.slice(2);
  const captured = JSON.parse(readFileSync(file, 'utf8')) as CapturedResponse[];
  const answers = new Map(
    captured.map((response) => [`${response.method} ${response.path}`, { ...response, bytes: Buffer.from(response.body, 'base64') }]),
  );
  let listener: RequestListener;
  if (kind === 'express') {
    const app = express();
    app.disable('x-powered-by');
    app.disable('etag');
    for (const answer of answers.values()) {
      const route = answer.method === 'POST' ? app.post.bind(app) : app.get.bind(app);
      route(answer.path, (request, response) => {
        // The body is drained (as the site's JSON parser would read it) before answering.
        request.resume();
        request.on('end', () => response.type(answer.contentType).send(answer.bytes));
      });
    }
    listener = app;
  } else {
    listener = (request, response) => {
      const answer = answers.get(`${request.method} ${request.url}`);
      request.resume();
      request.on('end', () => {
        if (!answer) {
          response.writeHead(404).end();
          return;
        }
        response.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.bytes.length }).end(answer.bytes);
      });
    };
  }
  const server = createServer(listener).listen(0, '127.0.0.1', () => {
    console.log(`listening ${(server.address() as AddressInfo).port}`);
  });
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

main();
