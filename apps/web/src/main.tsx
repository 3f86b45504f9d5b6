// First, before any schema parses.
import '@/lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { reloadOnNewBuild } from '@/lib/stale-build';
import { applyStoredTheme } from '@/lib/theme';
import './styles/base.css';
import './styles/shell.css';
import './styles/content.css';

applyStoredTheme();
reloadOnNewBuild();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
