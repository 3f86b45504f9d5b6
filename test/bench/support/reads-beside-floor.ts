import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { capture } from '../scenarios/http-reads.bench';
import { startListeningChild } from './children';
import { runLoad, type LoadOptions, type LoadRequest, type LoadResult } from './load';
import { formatNumber, type Figure, type SummaryLine } from './report';

/** A read the site answers, and the bare express app beside it sends the same bytes for. */
export interface FloorRead {
  name: string;
  request: LoadRequest;
}

/**
 * Reads measured on the site and on a bare express app (its own process) answering the same paths
 * with the bytes the site sent (captured with `captureToken`, when given); optionally while a
 * steady write load runs through both measurements, so the site and the floor share the machine
 * with it. Collects the figures, summary lines and notes of a scenario.
 */
export class ReadsBesideFloor {
  readonly figures: Figure[] = [];
  readonly summary: SummaryLine[] = [];
  readonly notes: string[] = [];
  /** Writes sent in all by `measure`'s write loads. */
  written = 0;

  private constructor(
    private readonly siteUrl: string,
    private readonly floor: { url: string; stop(): Promise<void> },
    private readonly options: { connections: number; seconds: number; quick: boolean; target: string },
  ) {}

  static async start(
    siteUrl: string,
    reads: readonly FloorRead[],
    work: string,
    options: { connections: number; seconds: number; quick: boolean; target: string; captureToken?: string },
  ): Promise<ReadsBesideFloor> {
    const captured = await Promise.all(reads.map(({ request }) => capture(siteUrl, request, options.captureToken)));
    const capturedFile = join(work, 'captured.json');
    writeFileSync(capturedFile, JSON.stringify(captured));
    const floor = await startListeningChild(join(__dirname, 'floor-server.ts'), ['express', capturedFile]);
    return new ReadsBesideFloor(siteUrl, floor, options);
  }

  /** Measures `read` on the site (as `tokens`' readers, anonymous without) and on the floor, under `writes` when given. */
  async measure(read: FloorRead, label: string, tokens?: string[], writes?: Omit<LoadOptions, 'url' | 'seconds'>): Promise<void> {
    const { connections, seconds, quick, target } = this.options;
    const load = async (url: string, withTokens?: string[]): Promise<LoadResult> => {
      const result = await runLoad({ url, connections, seconds, requests: [read.request], tokens: withTokens });
      this.noteFailures(`${read.request.method} ${read.request.path} on ${url}${withTokens ? ' (logged in)' : ''}`, result);
      return result;
    };
    if (!quick) await load(this.siteUrl, tokens); // warm-up, not measured
    const writing = writes ? runLoad({ url: this.siteUrl, seconds: 2 * seconds + 5, ...writes }) : null;
    const ofSite = await load(this.siteUrl, tokens);
    const ofExpress = await load(this.floor.url);
    if (writing) {
      const written = await writing;
      this.written += written.requests;
      this.noteFailures(`writes beside ${label}`, written);
      this.notes.push(
        `${label}: the writes ran at ${formatNumber(written.requestsPerSecond)} req/s (p99 ${formatNumber(written.p99Ms)} ms)`,
      );
    }
    this.figures.push(
      {
        name: `${label}: req/s`,
        value: ofSite.requestsPerSecond,
        unit: 'req/s',
        baseline: { name: 'express', value: ofExpress.requestsPerSecond },
      },
      { name: `${label}: p99`, value: ofSite.p99Ms, unit: 'ms', baseline: { name: 'express', value: ofExpress.p99Ms } },
    );
    this.summary.push({
      path: `${read.request.method} ${read.request.path.replace(/\/\d{6,}/g, '/{id}')}, ${label}`,
      measured:
        `${formatNumber(ofSite.requestsPerSecond)} req/s = ${formatNumber(ofSite.requestsPerSecond / ofExpress.requestsPerSecond)}x express, ` +
        `p50 ${formatNumber(ofSite.p50Ms)} ms, p99 ${formatNumber(ofSite.p99Ms)} ms`,
      target,
    });
  }

  stop(): Promise<void> {
    return this.floor.stop();
  }

  private noteFailures(what: string, result: LoadResult): void {
    if (result.failures > 0) this.notes.push(`${what}: ${result.failures} of ${result.requests} answers failed (${result.failureKinds})`);
  }
}
