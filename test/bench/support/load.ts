import { join } from 'node:path';
import { runNode } from './children';

export interface LoadRequest {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
}

/** Put in a request body, a new id in every request sent: content is never the same twice, as with real writers. */
export const UNIQUE = '[<id>]';

export interface LoadOptions {
  url: string;
  connections: number;
  seconds: number;
  /** Requests each connection sends in turn (autocannon cycles through them). */
  requests: LoadRequest[];
  headers?: Record<string, string>;
  /** Bearer tokens handed to the connections in turn. */
  tokens?: string[];
  /** Requests per second over all connections (steady load); unlimited when absent. */
  overallRate?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx (and 304), plus socket errors and timeouts. */
  failures: number;
  /** e.g. `409: 12, errors: 1`, for the report when something failed. */
  failureKinds: string;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/** Runs autocannon against `url` in a child process (no pipelining) and returns its figures. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const child = await runNode(join(__dirname, 'load-child.ts'), [JSON.stringify(options)], { timeoutMs: (options.seconds + 60) * 1000 });
  if (child.status !== 0) throw new Error(`autocannon failed (exit ${child.status}): ${child.stderr.slice(-2000)}`);
  const json = JSON.parse(child.stdout.trim().split('\n').pop()!) as AutocannonJson;
  const notModified = json.statusCodeStats?.['304']?.count ?? 0;
  return {
    requestsPerSecond: json.requests.average,
    p50Ms: json.latency.p50,
    p99Ms: json.latency.p99,
    requests: json.requests.total,
    failures: json.non2xx - notModified + json.errors + json.timeouts,
    failureKinds: [
      ...Object.entries(json.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2') && code !== '304')
        .map(([code, { count }]) => `${code}: ${count}`),
      ...(json.errors > 0 ? [`errors: ${json.errors}`] : []),
      ...(json.timeouts > 0 ? [`timeouts: ${json.timeouts}`] : []),
    ].join(', '),
  };
}
