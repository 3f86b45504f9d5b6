import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { AppRoutes, preloadPageOf, routes } from '@/app/router';
import { paintCodeBlocksWith } from '@/components/code/painted-code-blocks';
import { withFirstRead, type FirstRead } from '@/lib/first-read';
import { highlightCodeHtml } from '@/lib/highlight-code-html';

export type { FirstRead };

paintCodeBlocksWith(highlightCodeHtml);

/**
 * The server's entry (built by `vite build --ssr` into apps/web/dist-server, loaded by
 * apps/api/src/site-front/post-paints.ts): the page at `path` as the SPA's first render draws it
 * for a visitor whose page holds `firstRead`, its code blocks highlighted. The server puts it in
 * the SPA's root element, so the page shows before the SPA's script has come and run; a visitor's
 * SPA adopts it (hydrates it, main.tsx), a logged-in reader's replaces it. Nothing here runs
 * effects, so nothing is fetched. Null when the router has no page for `path`.
 */
export async function paintPage(path: string, firstRead: FirstRead): Promise<string | null> {
  if (!matchRoutes(routes, path)) return null;
  await preloadPageOf(path);
  return withFirstRead(firstRead, () =>
    renderToString(
      <StrictMode>
        <AppProvider>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
    ),
  );
}
