import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const LIGHTHOUSE_CLI = join(__dirname, '..', '..', 'node_modules', 'lighthouse', 'cli', 'index.js');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

interface LighthouseJson {
  categories: Record<'performance' | 'accessibility', { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

/**
 * Lighthouse (the npm package, mobile preset: its default) on each path of the site, driving
 * Debian's chromium; one lighthouse process per path. Scores are 0-100, times in ms.
 */
export async function runLighthouse(
  baseUrl: string,
  paths: string[],
): Promise<Array<{ path: string; performance: number; accessibility: number; lcpMs: number; cls: number; tbtMs: number }>> {
  const results = [];
  for (const path of paths) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        `${baseUrl}${path}`,
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance,accessibility',
        '--quiet',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
      },
    );
    const report = JSON.parse(stdout) as LighthouseJson;
    results.push({
      path,
      performance: Math.round((report.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((report.categories.accessibility.score ?? 0) * 100),
      lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      cls: report.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbtMs: report.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    });
  }
  return results;
}
