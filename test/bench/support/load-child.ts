/**
 * Runs one autocannon load in its own process (started by `load.ts`), so the load generator does
 * not share an event loop with the harness; prints autocannon's result as one JSON line.
 */
import autocannon from 'autocannon';
import type { LoadOptions } from './load';

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2]) as LoadOptions;
  const headers = { 'content-type': 'application/json', ...options.headers };
  let nextToken = 0;
  const requestsWith = (requestHeaders: Record<string, string>) =>
    options.requests.map((request) => ({
      method: request.method,
      path: request.path,
      headers: requestHeaders,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    }));
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    duration: options.seconds,
    overallRate: options.overallRate,
    // Each `[<id>]` in a body becomes a fresh id per request (UNIQUE in load.ts): no two posts alike.
    idReplacement: true,
    headers,
    requests: requestsWith(headers),
    // One account per connection (commands of one account on one stream would contend with each other).
    // Every request carries the token: a client's setHeaders would only change its current request.
    setupClient: options.tokens?.length
      ? (client) =>
          client.setRequests(requestsWith({ ...headers, authorization: `Bearer ${options.tokens![nextToken++ % options.tokens!.length]}` }))
      : undefined,
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
