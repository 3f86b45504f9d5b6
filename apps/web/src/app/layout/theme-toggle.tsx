import { useReducer, useSyncExternalStore } from 'react';
import { Moon, Sun } from 'lucide-react';
import { currentTheme, onSystemThemeChange, pinTheme } from '@/lib/theme';

/** Switches between the light and the dark scheme; the choice outlives the tab (localStorage). */
export function ThemeToggle() {
  // The server paints the light one (it knows no reader's scheme); the SPA adopts that, then draws the reader's.
  const theme = useSyncExternalStore(onSystemThemeChange, currentTheme, () => 'light');
  const [, redraw] = useReducer((count: number) => count + 1, 0);

  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className="nav-link theme-toggle"
      aria-label="Dark theme"
      aria-pressed={dark}
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        pinTheme(next);
        redraw();
      }}
    >
      {dark ? <Sun aria-hidden="true" size={18} /> : <Moon aria-hidden="true" size={18} />}
    </button>
  );
}
