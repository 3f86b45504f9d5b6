import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** One build of the site: what it reads, what it writes, how to run it. */
export interface BuildTarget {
  name: string;
  /** Files and folders (relative to the root) whose content the build depends on. */
  inputs: string[];
  /** Files the build writes (relative to the root); one missing means the build must run. */
  outputs: string[];
  /** The command that builds, run in the root. */
  command: string[];
}

/** What was done for each target. */
export interface BuildDecision {
  name: string;
  built: boolean;
  reason: string;
}

/** What a successful build is recorded as: the hash of its inputs, and when its outputs were written. */
interface Stamp {
  inputs: string;
  outputsMtimeMs: number[];
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.git', 'coverage']);

/** `npm start`'s builds: the SPA (vite) and the server apps (nest). `npm run build` always builds both. */
export const SITE_TARGETS: BuildTarget[] = [
  {
    name: 'web',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'libs/contracts/src',
      'package-lock.json',
    ],
    outputs: ['apps/web/dist/index.html', 'apps/web/dist/.vite/manifest.json', 'apps/web/dist-server/server-paint.cjs'],
    command: ['npm', 'run', 'build:web'],
  },
  {
    name: 'server',
    // package-lock.json, not package.json: its scripts do not change what is built.
    inputs: [
      'apps/api',
      'apps/worker',
      'apps/cli',
      'libs',
      'projections',
      'nest-cli.json',
      'tsconfig.json',
      'tsconfig.build.json',
      'package-lock.json',
    ],
    outputs: ['dist/apps/api/main.js', 'dist/apps/worker/main.js', 'dist/apps/cli/main.js'],
    command: ['npm', 'run', 'build:server'],
  },
];

/** A hash of the inputs' paths and contents (a file's content, not its mtime: a checkout or a touch alone changes nothing). */
export function hashInputs(root: string, inputs: string[]): string {
  const hash = createHash('sha256');
  const files: string[] = [];
  const collect = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) if (!SKIPPED_FOLDERS.has(entry)) collect(join(path, entry));
    } else files.push(path);
  };
  for (const input of inputs) collect(join(root, input));
  for (const file of files) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function outputsMtimeMs(root: string, target: BuildTarget): number[] | null {
  const times: number[] = [];
  for (const output of target.outputs) {
    const path = join(root, output);
    if (!existsSync(path)) return null;
    times.push(statSync(path).mtimeMs);
  }
  return times;
}

function readStamp(file: string): Stamp | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Stamp;
  } catch {
    return null;
  }
}

export type RunCommand = (command: string[], cwd: string) => void;

const runCommand: RunCommand = (command, cwd) => {
  const result = spawnSync(command[0], command.slice(1), { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command.join(' ')} failed (exit ${result.status ?? result.signal})`);
};

/**
 * Builds each target whose inputs changed since its last build here, or whose outputs are missing
 * or were rewritten by another build since (e.g. `npm run build` from other sources); skips the
 * others. Stamps live in `stampDir`, outside the outputs (vite empties its own).
 */
export function buildIfChanged(root: string, targets: BuildTarget[], stampDir: string, run: RunCommand = runCommand): BuildDecision[] {
  return targets.map((target) => {
    const stampFile = join(stampDir, `${target.name}.json`);
    const inputs = hashInputs(root, target.inputs);
    const stamp = readStamp(stampFile);
    const before = outputsMtimeMs(root, target);
    let reason: string | null = null;
    if (!before) reason = 'no build yet';
    else if (!stamp) reason = 'no record of the last build';
    else if (stamp.inputs !== inputs) reason = 'sources changed';
    else if (stamp.outputsMtimeMs.join() !== before.join()) reason = 'built from other sources since';
    if (!reason) return { name: target.name, built: false, reason: 'up to date' };
    run(target.command, root);
    const after = outputsMtimeMs(root, target);
    if (!after) throw new Error(`${target.command.join(' ')} did not write ${target.outputs.join(', ')}`);
    mkdirSync(dirname(stampFile), { recursive: true });
    // The hash from before the build: a source edited during it is seen next time.
    writeFileSync(stampFile, JSON.stringify({ inputs, outputsMtimeMs: after } satisfies Stamp));
    return { name: target.name, built: true, reason };
  });
}

/** The site's web and server builds, each when it changed; stamps under node_modules/.cache (what `npm start` runs). */
export function buildSiteIfChanged(root: string, run?: RunCommand): BuildDecision[] {
  return buildIfChanged(root, SITE_TARGETS, join(root, 'node_modules', '.cache', 'build-if-changed'), run);
}

export const describeDecision = (decision: BuildDecision) =>
  `build ${decision.name}: ${decision.built ? `built (${decision.reason})` : 'skipped, up to date'}`;

if (require.main === module) {
  for (const decision of buildSiteIfChanged(join(__dirname, '..'))) console.log(describeDecision(decision));
}
