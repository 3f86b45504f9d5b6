import { readdir } from 'node:fs/promises';
import { relative, resolve, isAbsolute } from 'node:path';

/** `ignoring`: names that do not count. */
export async function isEmptyOrMissing(dir: string, ignoring: string[] = []): Promise<boolean> {
  try {
    return (await readdir(dir)).filter((name) => !ignoring.includes(name)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Whether `path` is `dir` or inside it. */
export function isInside(path: string, dir: string): boolean {
  const fromDir = relative(resolve(dir), resolve(path));
  return fromDir === '' || (!fromDir.startsWith('..') && !isAbsolute(fromDir));
}
