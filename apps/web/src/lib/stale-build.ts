const RELOADED_AT = 'reloaded-for-new-build-at';

/**
 * After a deploy, a tab still running the old build asks for chunks that are gone, and Vite fires
 * `vite:preloadError`. The router has already moved to the new address, so reloading lands on the
 * page the reader asked for, from the new build. Once only: if the reload fails the same way (a
 * broken network, not a deploy), the error screen offers Retry instead of looping.
 */
export function reloadOnNewBuild(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 30_000) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}

/** Whether an error is a page's code or style failing to load (what the reader can fix with a reload). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Unable to preload CSS|dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}
