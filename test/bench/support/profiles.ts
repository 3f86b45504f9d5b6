import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './children';
import { formatNumber, markdownTable } from './report';

/** Set by `--profile`: the site's and the CLI's processes write V8 CPU profiles here (see cpu-profile-preload.js). */
export const PROFILE_DIR = join(ROOT, '.tmp', 'bench', 'profiles');

let profiling = false;

export function enableProfiling(): void {
  profiling = true;
  mkdirSync(PROFILE_DIR, { recursive: true });
}

/** The environment of a child that should write a CPU profile (at its exit) into `PROFILE_DIR/<label>`. */
export function profilingEnv(label: string): Record<string, string> {
  if (!profiling) return {};
  const directory = join(PROFILE_DIR, label);
  mkdirSync(directory, { recursive: true });
  const preload = join(__dirname, 'cpu-profile-preload.js');
  return { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim(), BENCH_CPU_PROFILE_DIR: directory };
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  startTime: number;
  endTime: number;
}

/** The functions with the most self time in a .cpuprofile, as a markdown table (share of all samples). */
export function topSelfTime(file: string, count = 12): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const totals = new Map<string, number>();
  let samples = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    samples += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '')}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    totals.set(key, (totals.get(key) ?? 0) + hits);
  }
  const rows = [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, hits]) => [`${formatNumber((100 * hits) / Math.max(1, samples))} %`, name]);
  return markdownTable(['self', 'function'], rows);
}

/** Every profile written under PROFILE_DIR, with its top functions. */
export function profileSummaries(): { file: string; table: string }[] {
  if (!existsSync(PROFILE_DIR)) return [];
  return readdirSync(PROFILE_DIR, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ file: relative(ROOT, join(PROFILE_DIR, name)), table: topSelfTime(join(PROFILE_DIR, name)) }));
}
