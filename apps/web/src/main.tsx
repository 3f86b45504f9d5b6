// First, before any schema parses.
import '@/lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createGuardedHistory } from '@/lib/navigation/browser-history';
import { keepScrollOfFirstPage } from '@/app/navigation/scroll-restoration';
import { AppRoutes, preloadPageOf } from '@/app/router';
import { readAuthInfo } from '@/lib/auth-storage';
import { reloadOnNewBuild } from '@/lib/stale-build';
import { applyStoredTheme } from '@/lib/theme';
import './styles/base.css';
import './styles/shell.css';
import './styles/content.css';

applyStoredTheme();
reloadOnNewBuild();
const container = document.getElementById('root')!;

const app = () => (
  <StrictMode>
    <AppProvider>
      <HistoryRouter history={createGuardedHistory()}>
        <AppRoutes />
      </HistoryRouter>
    </AppProvider>
  </StrictMode>
);

function start(painted: boolean) {
  if (painted && window.scrollY > 0) keepScrollOfFirstPage();
  // A visitor's SPA draws what the server painted (the same first read, no session): it adopts
  // the painted DOM instead of building it again. In a transition, React hydrates in slices of a
  // few milliseconds, so the takeover is no long task (issue 25: one of 0.9 s at a phone's speed).
  // A logged-in reader's first render differs from the paint (navbar, likes): it replaces it.
  startTransition(() => {
    if (painted && !readAuthInfo().isLoggedIn) hydrateRoot(container, app());
    else createRoot(container).render(app());
  });
}

// A page the server painted (a post) stays on screen until the SPA can draw the same page at once.
if (container.firstChild) void preloadPageOf(window.location.pathname).finally(() => start(true));
else start(false);
