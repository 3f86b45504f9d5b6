import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { CHROMIUM_ARGS } from '../support/browser';

export interface LighthouseResult {
  path: string;
  /** 0-100, as Lighthouse shows it. */
  performance: number;
  accessibility: number;
  lcpMs: number;
  /** First contentful paint. */
  fcpMs: number;
  cls: number;
  tbtMs: number;
}

const LIGHTHOUSE_CLI = join(__dirname, '..', '..', 'node_modules', 'lighthouse', 'cli', 'index.js');

/** Debian's chromium, headless, with nothing of its own running in the background during a measurement. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<'performance' | 'accessibility', { score: number | null }>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

/** Chromium sometimes loses a trace (NO_NAVSTART on a busy machine): such a run is repeated. */
const ATTEMPTS = 3;

/**
 * Runs Lighthouse (the pinned `lighthouse` npm package, its default mobile preset: a mid-range
 * phone on a slow 4G link, simulated) against each page of a running site, one after the other, in
 * its own process, and returns the scores and the metrics the issue tracks. With `runs` > 1 each
 * page is measured that many times and the run of median performance is kept (Lighthouse's own
 * advice against its variance).
 */
export async function runLighthouse(baseUrl: string, paths: string[], options: { runs?: number } = {}): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (const path of paths) {
    const runs: LighthouseResult[] = [];
    for (let run = 0; run < (options.runs ?? 1); run++) runs.push(await runWithRetries(new URL(path, baseUrl).toString(), path));
    runs.sort((a, b) => a.performance - b.performance);
    results.push(runs[Math.floor(runs.length / 2)]);
  }
  return results;
}

async function runWithRetries(url: string, path: string): Promise<LighthouseResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOne(url, path);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
    }
  }
}

async function runOne(url: string, path: string): Promise<LighthouseResult> {
  const args = [
    LIGHTHOUSE_CLI,
    url,
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ];
  const env = { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' };
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, args, { env, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 }, (error, out, err) =>
      error ? reject(new Error(`Lighthouse failed on ${url}: ${error.message}\n${err.slice(-2000)}`)) : resolve(out),
    );
  });
  const report = JSON.parse(stdout) as LighthouseReport;
  if (report.runtimeError)
    throw new Error(`Lighthouse could not measure ${url}: ${report.runtimeError.code} ${report.runtimeError.message}`);
  const score = (category: 'performance' | 'accessibility') => Math.round((report.categories[category].score ?? 0) * 100);
  const metric = (audit: string) => report.audits[audit]?.numericValue ?? Number.NaN;
  return {
    path,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: Math.round(metric('largest-contentful-paint')),
    fcpMs: Math.round(metric('first-contentful-paint')),
    cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(metric('total-blocking-time')),
  };
}
