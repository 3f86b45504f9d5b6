import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfChanged, SITE_TARGETS, type BuildTarget } from '../../tools/build-if-changed';

/**
 * `npm start` builds only what changed (tools/build-if-changed.ts), here on a tree of its own:
 * each "build" is a recorded command that writes the output, as vite and nest do.
 */
describe('npm start: build only what changed', () => {
  let root: string;
  let stamps: string;
  let runs: string[];
  const targets: BuildTarget[] = [
    { name: 'web', inputs: ['web/src', 'web/config.ts'], outputs: ['web/dist/index.html'], command: ['build', 'web'] },
    { name: 'server', inputs: ['server/src', 'shared'], outputs: ['dist/main.js'], command: ['build', 'server'] },
  ];
  const write = (path: string, content: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  };
  const build = () =>
    buildIfChanged(root, targets, stamps, (command, cwd) => {
      expect(cwd).toBe(root);
      runs.push(command[1]);
      write(command[1] === 'web' ? 'web/dist/index.html' : 'dist/main.js', `built at ${runs.length}`);
    });

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'build-if-changed-'));
    stamps = join(root, 'stamps');
    runs = [];
    write('web/src/main.tsx', 'export const a = 1;');
    write('web/config.ts', 'export default {};');
    write('server/src/main.ts', 'console.log(1);');
    write('shared/rules.ts', 'export const b = 2;');
  });

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds everything the first time, then nothing while nothing changes', () => {
    expect(build().map((decision) => decision.built)).toEqual([true, true]);
    expect(runs).toEqual(['web', 'server']);
    expect(build()).toEqual([
      { name: 'web', built: false, reason: 'up to date' },
      { name: 'server', built: false, reason: 'up to date' },
    ]);
    expect(runs).toEqual(['web', 'server']);
  });

  it('rebuilds only the target whose source changed, added or went away', () => {
    build();
    write('shared/rules.ts', 'export const b = 3;');
    expect(build().map((decision) => decision.built)).toEqual([false, true]);
    write('web/src/new-page.tsx', 'export {};');
    expect(build().map((decision) => decision.built)).toEqual([true, false]);
    rmSync(join(root, 'web/src/new-page.tsx'));
    expect(build()).toEqual([
      { name: 'web', built: true, reason: 'sources changed' },
      { name: 'server', built: false, reason: 'up to date' },
    ]);
    expect(runs).toEqual(['web', 'server', 'server', 'web', 'web']);
  });

  it('goes by content: touching a file without changing it builds nothing', () => {
    build();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'web/src/main.tsx'), later, later);
    expect(build().map((decision) => decision.built)).toEqual([false, false]);
  });

  it('rebuilds when the output is missing or was written by another build since', () => {
    build();
    rmSync(join(root, 'dist/main.js'));
    expect(build()[1]).toEqual({ name: 'server', built: true, reason: 'no build yet' });
    // e.g. `npm run build` from other sources: the record no longer says what the output is.
    const later = new Date(Date.now() + 60_000);
    writeFileSync(join(root, 'web/dist/index.html'), 'built by hand');
    utimesSync(join(root, 'web/dist/index.html'), later, later);
    expect(build()[0]).toEqual({ name: 'web', built: true, reason: 'built from other sources since' });
  });

  it('records nothing when a build fails, so the next start tries again', () => {
    const failing = () =>
      buildIfChanged(root, targets, stamps, () => {
        throw new Error('vite build failed');
      });
    expect(failing).toThrow('vite build failed');
    expect(build().map((decision) => decision.built)).toEqual([true, true]);
  });

  it("names the site's real inputs (a wrong path would hide every change in it)", () => {
    const repository = join(__dirname, '..', '..');
    for (const target of SITE_TARGETS)
      for (const input of target.inputs)
        expect([target.name, input, existsSync(join(repository, input))]).toEqual([target.name, input, true]);
  });
});
