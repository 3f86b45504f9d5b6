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
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    duration: options.seconds,
    overallRate: options.overallRate,
    headers,
    requests: options.requests.map((request) => ({
      method: request.method,
      path: request.path,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    })),
    // One account per connection (commands of one account on one stream would contend with each other).
    setupClient: options.tokens?.length
      ? (client) => client.setHeaders({ ...headers, authorization: `Bearer ${options.tokens![nextToken++ % options.tokens!.length]}` })
      : undefined,
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
