import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_PAGE_MODULES, firstPageOf } from './first-pages';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * `<link rel="modulepreload">` and stylesheet tags for the own chunks of the first pages
 * (first-pages.ts), from the built SPA's manifest (read once, on first use): the browser fetches
 * them beside the shell instead of after it ran, and the SPA's loader finds the stylesheets already
 * in the page. Their API reads are not preloaded: Chromium hands a preloaded answer to the SPA's
 * `fetch` even when that carries an Authorization header, so a logged-in reader would get the
 * anonymous one (the page carries its first read instead: first-reads.ts).
 */
export class PagePreloads {
  private tagsByModule: Map<string, string> | undefined;

  constructor(private readonly webDistDir: string) {}

  tagsFor(path: string): string {
    const module = firstPageOf(path)?.module;
    return module ? (this.tags().get(module) ?? '') : '';
  }

  private tags(): Map<string, string> {
    if (this.tagsByModule) return this.tagsByModule;
    this.tagsByModule = new Map();
    const manifest = this.readManifest();
    if (!manifest) return this.tagsByModule;
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    const shell = new Set(entry ? closure(manifest, entry) : []);
    for (const module of FIRST_PAGE_MODULES) {
      if (!manifest[module]) continue;
      const files = closure(manifest, module).filter((file) => !shell.has(file));
      const tags = [
        ...files.filter((file) => file.endsWith('.js')).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...files.filter((file) => file.endsWith('.css')).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ];
      this.tagsByModule.set(module, tags.join('\n    '));
    }
    return this.tagsByModule;
  }

  private readManifest(): Record<string, ManifestChunk> | null {
    try {
      return JSON.parse(readFileSync(join(this.webDistDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    } catch {
      // No manifest (an SPA built without one): pages load as they always did.
      return null;
    }
  }
}

/** The files (scripts and stylesheets) of a chunk and of everything it imports statically. */
function closure(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    files.push(chunk.file, ...(chunk.css ?? []));
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return files;
}
