/** The colour scheme: the reader's `prefers-color-scheme` unless they pinned one with the toggle. */
export type Theme = 'light' | 'dark';

const STORAGE_KEY = 'theme';
const darkQuery = () => window.matchMedia('(prefers-color-scheme: dark)');

export function storedTheme(): Theme | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** What the page shows now: the pinned scheme, else the system's. */
export function currentTheme(): Theme {
  return storedTheme() ?? (darkQuery().matches ? 'dark' : 'light');
}

/** Pins a scheme (data-theme on <html> sets `color-scheme`, which every colour token follows) and remembers it. */
export function pinTheme(theme: Theme): void {
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  document.documentElement.dataset.theme = theme;
}

/** Applies a pinned scheme at start-up, before the first render. */
export function applyStoredTheme(): void {
  const theme = storedTheme();
  if (theme) document.documentElement.dataset.theme = theme;
}

/** Calls back when the system scheme changes (it matters while nothing is pinned). */
export function onSystemThemeChange(callback: () => void): () => void {
  const query = darkQuery();
  query.addEventListener('change', callback);
  return () => query.removeEventListener('change', callback);
}
