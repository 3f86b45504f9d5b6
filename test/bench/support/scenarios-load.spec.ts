import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');

// `npm run bench` loads its scenarios outside Jest: a test helper they import that reads Jest's globals
// when it loads (`expect.any`) broke the whole bench once, and no test ran it.
it('every bench scenario loads without Jest', () => {
  const scenarios = readdirSync(join(ROOT, 'test/bench/scenarios')).map((file) => `./test/bench/scenarios/${file}`);
  const script = `for (const file of ${JSON.stringify(scenarios)}) require(file); console.log('loaded ' + ${scenarios.length})`;
  const output = execFileSync(process.execPath, ['-r', '@swc-node/register', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  expect(output.trim()).toBe(`loaded ${scenarios.length}`);
}, 60_000);
