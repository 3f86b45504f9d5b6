const FEATURES = 'popup=yes,width=560,height=640,resizable=yes,scrollbars=yes';

/**
 * Opens one of the SPA's own screens in a small separate window (SPEC §2: the login form's links).
 * Returns false when the browser blocked it, so the caller can navigate instead.
 */
export function openSmallWindow(path: string, name: string): boolean {
  const opened = window.open(path, name, FEATURES);
  opened?.focus();
  return opened !== null;
}
