import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

export interface InitialJs {
  /** The page's module under apps/web (e.g. src/app/routes/home-route.tsx); '' for the shell alone. */
  page: string;
  /** The shell every route loads first: the entry and its static imports. */
  shellGzipBytes: number;
  /** The shell plus the page's chunk and its static imports: what the first screen of that page needs. */
  totalGzipBytes: number;
  files: string[];
}

/**
 * The JavaScript a first visit downloads before the page can show, gzip-compressed, read from the
 * built SPA's manifest (apps/web/dist/.vite/manifest.json): nothing loaded later (the editor, other
 * routes) counts.
 */
export function measureInitialJs(webDistDir: string, pages: string[]): InitialJs[] {
  const manifest = JSON.parse(readFileSync(join(webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error(`No entry in the manifest of ${webDistDir}`);
  const gzipBytes = (files: Set<string>) =>
    [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(webDistDir, file)), { level: 9 }).length, 0);
  const closure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const files = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not a chunk of the built SPA`);
      if (chunk.file.endsWith('.js')) files.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    keys.forEach(visit);
    return files;
  };
  const shellGzipBytes = gzipBytes(closure([entry]));
  return ['', ...pages].map((page) => {
    const files = closure(page ? [entry, page] : [entry]);
    return { page, shellGzipBytes, totalGzipBytes: gzipBytes(files), files: [...files] };
  });
}

// `node -r @swc-node/register test/bench/spa-initial-js.ts`: the figures of the built SPA, without the bench.
if (require.main === module) {
  const pages = ['src/app/routes/home-route.tsx', 'src/app/routes/post-view-route.tsx'];
  for (const js of measureInitialJs(join(__dirname, '..', '..', 'apps', 'web', 'dist'), pages))
    console.log(`${js.page || 'shell'}: ${(js.totalGzipBytes / 1024).toFixed(1)} KB gzip (${js.files.length} files)`);
}
