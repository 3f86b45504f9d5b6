// First, before any schema parses.
import '@/lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unstable_HistoryRouter as HistoryRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createGuardedHistory } from '@/lib/navigation/browser-history';
import { keepScrollOfFirstPage } from '@/app/navigation/scroll-restoration';
import { AppRoutes, preloadPageOf } from '@/app/router';
import { reloadOnNewBuild } from '@/lib/stale-build';
import { applyStoredTheme } from '@/lib/theme';
import './styles/base.css';
import './styles/shell.css';
import './styles/content.css';

applyStoredTheme();
reloadOnNewBuild();
const container = document.getElementById('root')!;

function start() {
  if (container.firstChild !== null && window.scrollY > 0) keepScrollOfFirstPage();
  // The first commit replaces whatever the server painted into the container.
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <HistoryRouter history={createGuardedHistory()}>
          <AppRoutes />
        </HistoryRouter>
      </AppProvider>
    </StrictMode>,
  );
}

// A page the server painted (a post) stays on screen until the SPA can draw the same page at once.
if (container.firstChild) void preloadPageOf(window.location.pathname).finally(start);
else start();
